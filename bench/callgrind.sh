#!/usr/bin/env bash
# bench/callgrind.sh: count the instructions skillvet executes to scan a
# small synthetic corpus, under valgrind's callgrind. Instruction counts do
# not depend on what else the machine is doing, so two commits can be
# compared on a busy machine where wall times cannot:
#
#   bench/callgrind.sh              # 100 skills (~2 MB), seed 1
#   bench/callgrind.sh -n 50 -top 30
#
# Prints the total instruction count (Ir), Ir per input byte, and the
# functions with the most instructions of their own (callgrind_annotate,
# exclusive counts: inclusive ones double-count recursion).
# The scan runs with --jobs 1 so the count is deterministic; a Go binary
# under valgrind runs about 50–100 times slower than natively.
set -euo pipefail
cd "$(dirname "$0")/.."
n=100
seed=1
top=25
while [ $# -gt 0 ]; do
  case "$1" in
    -n) n=$2; shift 2 ;;
    -seed) seed=$2; shift 2 ;;
    -top) top=$2; shift 2 ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) echo "callgrind.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
command -v valgrind >/dev/null || { echo "callgrind.sh: needs valgrind (apt-get install valgrind)" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/skillvet-callgrind.XXXXXX")
trap 'rm -rf "$work"' EXIT
go build -o "$work/skillvet" ./cmd/skillvet
go run ./bench/gen -n "$n" -seed "$seed" -o "$work/corpus" >&2
bytes=$(find "$work/corpus" -type f -printf '%s\n' | awk '{s+=$1} END {print s}')
set +e
# cpu.rdtscp=off: valgrind 3.19 cannot run RDTSCP, which the Go runtime uses
# when the CPU has it; asyncpreemptoff: callgrind trips over the runtime's
# preemption signals.
GOMAXPROCS=1 GODEBUG=cpu.rdtscp=off,asyncpreemptoff=1 valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" \
  "$work/skillvet" scan --jobs 1 --quiet --format json -o /dev/null "$work/corpus" 2>"$work/valgrind.log"
rc=$?
set -e
[ $rc -le 1 ] || { tail -20 "$work/valgrind.log" >&2; exit 1; }
ir=$(awk '/^summary:/ {print $2}' "$work/cg.out")
echo "skillvet $(git rev-parse --short HEAD 2>/dev/null || echo '?'): $n skills, $bytes bytes, $ir instructions, $(awk -v i="$ir" -v b="$bytes" 'BEGIN {printf "%.0f", i/b}') per byte"
callgrind_annotate "$work/cg.out" 2>/dev/null | grep -v '^-' | sed -n "1,$((top + 20))p" | grep -E '^ *[0-9,]+ ' | head -"$top"
