#!/usr/bin/env bash
# Lists a project's files, skipping vendored folders; the pruning
# expressions are built here from constant names.
set -euo pipefail
ROOT="${1:-.}"
LEVELS="${2:-3}"
SKIP=""
for d in node_modules .git dist; do
  SKIP="$SKIP -not -path '*/${d}/*'"
done
eval find "$ROOT" -maxdepth "$LEVELS" -type f $SKIP | sort # want "medium SV126: eval re-parses the quoted argument"
