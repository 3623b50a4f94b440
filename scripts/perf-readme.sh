#!/usr/bin/env bash
# scripts/perf-readme.sh: regenerate the per-stage and per-rule cost tables
# of README.md's performance section (between the perf markers) from a
# fresh measurement: go run ./bench/rulecost on 300 synthetic skills, one
# job, minimum of 3 runs. Takes about a minute. Run it on a quiet machine
# after a change that moves cost, and commit README.md with the change.
#
#   scripts/perf-readme.sh            # 300 skills, top 8 rules
#   scripts/perf-readme.sh -n 1000 -top 15
set -euo pipefail
cd "$(dirname "$0")/.."
n=300
top=8
while [ $# -gt 0 ]; do
  case "$1" in
    -n) n=$2; shift 2 ;;
    -top) top=$2; shift 2 ;;
    *) echo "usage: scripts/perf-readme.sh [-n SKILLS] [-top RULES]" >&2; exit 2 ;;
  esac
done
go run ./bench/rulecost -n "$n" -top "$top" -reps 3 -readme README.md
