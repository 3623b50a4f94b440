#!/usr/bin/env bash
# Runs every fuzz target in the module for a fixed budget each
# (FUZZTIME, default 10s). Crashers are written to testdata/fuzz/<Target>/
# by go test; commit them as regression seeds after fixing the bug.
#
# Go's fuzzing engine sometimes ends a run with "context deadline exceeded"
# when the budget runs out while a worker is still executing an input; no
# crasher is written then. That case is reported as a warning (the input is
# not a crash and every parser has its own time and size limits, tested by
# the adversarial suite); any other failure, or a new crasher, fails.
set -euo pipefail
cd "$(dirname "$0")/.."
budget=${FUZZTIME:-10s}
n=0
fail=0
while read -r pkg; do
  for target in $(go test -list '^Fuzz' "$pkg" | grep '^Fuzz' || true); do
    echo "== fuzz $pkg $target ($budget)"
    dir=$(go list -f '{{.Dir}}' "$pkg")
    if ! out=$(go test "$pkg" -run '^$' -fuzz "^${target}\$" -fuzztime "$budget" 2>&1); then
      echo "$out" | tail -20
      new=$(git status --porcelain -- "$dir/testdata/fuzz" 2>/dev/null || true)
      if [ -z "$new" ] && echo "$out" | grep -q "context deadline exceeded"; then
        echo "warning: $target: fuzzing engine deadline at the end of the budget (no crasher written)"
      else
        echo "FAIL: $target found a failing input:"; echo "$new"
        fail=1
      fi
    else
      echo "$out" | tail -1
    fi
    n=$((n + 1))
  done
done < <(go list ./...)
echo "fuzzed $n targets"
exit $fail
