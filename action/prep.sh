#!/usr/bin/env bash
# First step of the GitHub Action: decides where the skillvet binary of this
# action version lives and under which cache key, and whether the runner's
# Go can build it. Changes nothing outside $RUNNER_TEMP and the step's
# outputs: the caller's PATH, Go and environment stay as they were.
set -euo pipefail
: "${GITHUB_ACTION_PATH:?}" "${RUNNER_TEMP:?}" "${GITHUB_OUTPUT:?}"
cd "$GITHUB_ACTION_PATH"
# The key covers everything the build reads: Go sources and module files
# (relative paths, so the action's install location does not matter).
src=$(find . \( -name '*.go' -o -name go.mod -o -name go.sum \) -not -path './corpus/*' -not -path '*/testdata/*' -print0 |
  LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum | cut -c1-16)
go_version=$(sed -n 's/^go \([0-9.]*\)$/\1/p' go.mod)
# A runner Go of 1.21 or later can switch to the exact toolchain go.mod
# names (GOTOOLCHAIN) for this build only; an older one, or none, cannot.
go_ok=false
if command -v go >/dev/null 2>&1; then
  minor=$(GOTOOLCHAIN=local go env GOVERSION 2>/dev/null | sed -n 's/^go1\.\([0-9]*\).*/\1/p')
  if [ -n "$minor" ] && [ "$minor" -ge 21 ]; then go_ok=true; fi
fi
{
  echo "bin-dir=$RUNNER_TEMP/skillvet-$src"
  echo "cache-key=skillvet-bin-${RUNNER_OS:-os}-${RUNNER_ARCH:-arch}-go$go_version-$src"
  echo "go-version=$go_version"
  echo "go-ok=$go_ok"
} >>"$GITHUB_OUTPUT"
