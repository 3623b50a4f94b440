#!/usr/bin/env bash
# Runs every fuzz target in the module for a fixed budget each
# (FUZZTIME, default 10s). Crashers are written to testdata/fuzz/<Target>/
# by go test; commit them as regression seeds after fixing the bug.
set -euo pipefail
cd "$(dirname "$0")/.."
budget=${FUZZTIME:-10s}
n=0
while read -r pkg; do
  for target in $(go test -list '^Fuzz' "$pkg" | grep '^Fuzz' || true); do
    echo "== fuzz $pkg $target ($budget)"
    go test "$pkg" -run '^$' -fuzz "^${target}\$" -fuzztime "$budget"
    n=$((n + 1))
  done
done < <(go list ./...)
echo "fuzzed $n targets"
