#!/bin/bash
# Passes the query as an argument, never as code.
QUERY="$1"
grep -rnE -- "$QUERY" "${2:-/var/log/app}"
MODE=fast
eval "run_$MODE() { echo ok; }"
