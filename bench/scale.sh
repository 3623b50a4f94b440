#!/usr/bin/env bash
# bench/scale.sh: does scan cost grow only with bytes? Generates synthetic
# corpora of several sizes (go run ./bench/gen -seed S), scans each with
# `skillvet scan --format json` under GNU time, and prints a Markdown table of
# skills, MB, wall time, MB/s and peak RSS per size. Not run by CI (20,000
# skills take minutes). From the repository root:
#
#   bench/scale.sh                       # 1000 5000 20000 skills, 1 run each
#   bench/scale.sh -sizes "1000 5000" -runs 3 -work /tmp/scale
#
# Flat MB/s across sizes means cost linear in bytes; peak RSS should follow the
# largest skill, not the corpus (results are streamed and each skill's bytes
# and parses are dropped once it is reported).
#
# Needs: go, GNU time (/usr/bin/time).
set -euo pipefail
cd "$(dirname "$0")/.."

sizes="1000 5000 20000"
runs=1
seed=1
work=""
jobs=""
while [ $# -gt 0 ]; do
  case "$1" in
    -sizes) sizes=$2; shift 2 ;;
    -runs) runs=$2; shift 2 ;;
    -seed) seed=$2; shift 2 ;;
    -work) work=$2; shift 2 ;;
    -jobs) jobs=$2; shift 2 ;;
    *) echo "usage: bench/scale.sh [-sizes \"N …\"] [-runs R] [-seed S] [-work DIR] [-jobs J]" >&2; exit 2 ;;
  esac
done
if [ -z "$work" ]; then
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work"
[ -x /usr/bin/time ] || { echo "bench/scale.sh needs GNU time at /usr/bin/time" >&2; exit 1; }

go build -o "$work/skillvet" ./cmd/skillvet
jobflag=()
[ -n "$jobs" ] && jobflag=(--jobs "$jobs")

echo "| skills | MB | wall (s) | MB/s | peak RSS (MB) |"
echo "|---|---|---|---|---|"
for n in $sizes; do
  dir="$work/gen-$n"
  [ -d "$dir" ] || go run ./bench/gen -n "$n" -seed "$seed" -o "$dir" >/dev/null
  bytes=$(du -sb "$dir" | cut -f1)
  cat $(find "$dir" -type f) >/dev/null 2>&1 || true # warm the page cache
  best_wall="" best_rss=""
  for _ in $(seq "$runs"); do
    # exit status 1 only says some skill is blocked (a synthetic corpus has some)
    /usr/bin/time -f "%e %M" -o "$work/time.txt" "$work/skillvet" scan --format json "${jobflag[@]}" "$dir" >/dev/null 2>&1 || true
    read -r wall rss < <(tail -n 1 "$work/time.txt")
    if [ -z "$best_wall" ] || awk "BEGIN{exit !($wall < $best_wall)}"; then best_wall=$wall best_rss=$rss; fi
  done
  awk -v n="$n" -v b="$bytes" -v w="$best_wall" -v r="$best_rss" \
    'BEGIN{mb=b/1e6; printf "| %d | %.1f | %.2f | %.1f | %.0f |\n", n, mb, w, (w>0?mb/w:0), r/1024}'
done
