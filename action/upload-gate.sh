#!/usr/bin/env bash
# Decides whether the action uploads SARIF. Pull requests from forks (and
# Dependabot's) get a read-only token that cannot upload: the upload is
# skipped with a notice instead of failing the job.
set -euo pipefail
: "${GITHUB_OUTPUT:?}"
upload=${INPUT_UPLOAD:-true}
why=""
if [ "$upload" != true ]; then
  why="the upload input is $upload"
elif [ -z "${SARIF_FILE:-}" ]; then
  why="the scan wrote no SARIF report"
elif [ -n "${PR_HEAD_REPO:-}" ] && [ "$PR_HEAD_REPO" != "${GITHUB_REPOSITORY:-}" ]; then
  echo "::notice title=skillvet::SARIF upload skipped: pull requests from forks cannot write code scanning results (the findings are in the log and the job summary)"
  why="fork"
fi
if [ -n "$why" ]; then echo "upload=false" >>"$GITHUB_OUTPUT"; else echo "upload=true" >>"$GITHUB_OUTPUT"; fi
