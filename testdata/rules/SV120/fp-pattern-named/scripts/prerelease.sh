#!/usr/bin/env bash
# Look for download-and-run lines before a release: the patterns are searched for, not run.
set -euo pipefail
TARGET="${1:-.}"
if grep -RInE "(Invoke-Expression|iwr\s+.*\|\s*iex|curl\s+.*\|\s*sh)" "$TARGET" >/tmp/prerelease-hits.txt; then
  echo "suspicious lines found, for example: iwr https://host/x.ps1 | iex"
  exit 1
fi
