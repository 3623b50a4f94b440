#!/usr/bin/env bash
# scripts/bench.sh: run skillvet's stage benchmarks (bench/bench_test.go)
# with -count 5 and print benchstat-friendly output.
#
#   scripts/bench.sh                       # all benchmarks, 500 generated skills (~10 MB)
#   scripts/bench.sh -b 'Scan|Analyze'     # a subset (go test -bench regexp)
#   scripts/bench.sh -n 5000 -c 10         # a bigger corpus, more runs
#   scripts/bench.sh -o new.txt            # keep the raw output (default: bench-<date>.txt in $TMPDIR)
#   scripts/bench.sh -base old.txt         # also compare with an earlier run (benchstat old new)
#   scripts/bench.sh -cpuprofile cpu.out   # profile (use with one benchmark, e.g. -b '^BenchmarkScan$')
#
# The raw `go test` lines are printed as they come (benchstat reads them),
# then a benchstat summary when benchstat is installed
# (go install golang.org/x/perf/cmd/benchstat@latest). The corpus is
# generated once per run into a temporary directory (SKILLVET_BENCH_SKILLS,
# SKILLVET_BENCH_SEED); SKILLVET_BENCH_CORPUS=DIR uses an existing one.
set -euo pipefail
cd "$(dirname "$0")/.."

bench=.
count=5
out=""
base=""
benchtime=1s
prof=()
while [ $# -gt 0 ]; do
  case "$1" in
    -b) bench=$2; shift 2 ;;
    -c) count=$2; shift 2 ;;
    -n) export SKILLVET_BENCH_SKILLS=$2; shift 2 ;;
    -t) benchtime=$2; shift 2 ;;
    -o) out=$2; shift 2 ;;
    -base) base=$2; shift 2 ;;
    -cpuprofile|-memprofile) prof+=("$1" "$2"); shift 2 ;;
    -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
    *) echo "bench.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
[ -n "$out" ] || out="${TMPDIR:-/tmp}/skillvet-bench-$(date -u +%Y%m%dT%H%M%S).txt"

{
  echo "# date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "# machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
  echo "# commit: $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
  echo "# load: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "# corpus: ${SKILLVET_BENCH_CORPUS:-generated, ${SKILLVET_BENCH_SKILLS:-500} skills, seed ${SKILLVET_BENCH_SEED:-1}}"
} | tee "$out"
go test ./bench -run '^$' -bench "$bench" -benchtime "$benchtime" -count "$count" -timeout 60m "${prof[@]}" | tee -a "$out"
echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$out"
echo "raw output: $out" >&2

bs=$(command -v benchstat || true)
[ -n "$bs" ] || { [ -x "$(go env GOPATH)/bin/benchstat" ] && bs="$(go env GOPATH)/bin/benchstat"; } || true
if [ -n "$bs" ]; then
  echo
  if [ -n "$base" ]; then "$bs" "$base" "$out"; else "$bs" "$out"; fi
else
  echo "(benchstat not installed: go install golang.org/x/perf/cmd/benchstat@latest)" >&2
fi
