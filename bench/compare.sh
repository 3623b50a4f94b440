#!/usr/bin/env bash
# bench/compare.sh: skillvet side by side with OpenClaw's skill scanner on the
# same synthetic corpus, plus a raw read of the same bytes, in one run.
# Not run by CI (it needs npm and several minutes). From the repository root:
#
#   bench/compare.sh                    # 5,000 skills (~108 MB), 3 runs each, median
#   bench/compare.sh -n 1000 -runs 5    # smaller corpus, more runs
#   bench/compare.sh -corpus DIR        # reuse a corpus written by `go run ./bench/gen`
#   bench/compare.sh -work DIR          # keep the build, npm install and outputs in DIR
#
# Steps: build skillvet; `npm install --ignore-scripts openclaw@VERSION` into a
# temporary directory (reused with -work); generate the corpus
# (go run ./bench/gen -n N -seed S); warm the page cache; time a raw read
# (tar cf - | cat, and find … -exec cat {} +), `skillvet scan --format json` and
# bench/openclaw-scan.mjs (OpenClaw's own skill audit per skill:
# scanDirectoryWithSummary + scanSkillContent + scanSource on SKILL.md),
# RUNS times each, under /usr/bin/time -v; report the median wall time, MB/s
# (corpus bytes / wall time) and peak RSS, the ratios, and, when
# corpus/labels.yaml exists, both tools' detections on the repository's
# labelled corpus. Prints a Markdown table for the README at the end.
#
# Needs: go, node + npm, GNU time (/usr/bin/time; apt-get install time).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

n=5000
seed=1
runs=3
corpus=""
work=""
ocver=2026.9.6
while [ $# -gt 0 ]; do
  case "$1" in
    -n) n=$2; shift 2 ;;
    -seed) seed=$2; shift 2 ;;
    -runs) runs=$2; shift 2 ;;
    -corpus) corpus=$2; shift 2 ;;
    -work) work=$2; shift 2 ;;
    -openclaw) ocver=$2; shift 2 ;;
    -h|--help) sed -n '2,23p' "$0"; exit 0 ;;
    *) echo "compare.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
[ -x /usr/bin/time ] || { echo "compare.sh: needs GNU time at /usr/bin/time (apt-get install time)" >&2; exit 2; }
command -v node >/dev/null && command -v npm >/dev/null || { echo "compare.sh: needs node and npm" >&2; exit 2; }

if [ -z "$work" ]; then
  work=$(mktemp -d "${TMPDIR:-/tmp}/skillvet-compare.XXXXXX")
fi
mkdir -p "$work"
log() { echo "compare: $*" >&2; }

log "building skillvet"
go build -o "$work/skillvet" ./cmd/skillvet

ocpkg="$work/openclaw/node_modules/openclaw"
if [ ! -f "$ocpkg/package.json" ] || ! grep -q "\"version\": \"$ocver\"" "$ocpkg/package.json"; then
  log "npm install --ignore-scripts openclaw@$ocver (a few minutes)"
  mkdir -p "$work/openclaw"
  (cd "$work/openclaw" && { [ -f package.json ] || echo '{"name":"openclaw-bench","private":true}' > package.json; } &&
    npm install --ignore-scripts --no-audit --no-fund "openclaw@$ocver" >"$work/npm.log" 2>&1) ||
    { echo "compare.sh: npm install failed, see $work/npm.log" >&2; exit 1; }
fi

if [ -z "$corpus" ]; then
  # The generator's last commit is part of the name: a reused -work never
  # measures a corpus from an older generator.
  corpus="$work/corpus-$n-$seed-$(git log -1 --format=%h -- bench/synth 2>/dev/null || echo x)"
  if [ ! -d "$corpus" ]; then
    log "generating $n skills (seed $seed) into $corpus"
    go run ./bench/gen -n "$n" -seed "$seed" -o "$corpus" >&2
  fi
fi
bytes=$(find "$corpus" -type f -printf '%s\n' | awk '{s+=$1} END {print s}')
files=$(find "$corpus" -type f | wc -l)
skills=$(find "$corpus" -name SKILL.md | wc -l)
ocbytes=$(find "$corpus" -type f \( -name '*.js' -o -name '*.ts' -o -name '*.mjs' -o -name '*.cjs' -o -name '*.mts' -o -name '*.cts' -o -name '*.jsx' -o -name '*.tsx' -o -name SKILL.md \) -printf '%s\n' | awk '{s+=$1} END {print s+0}')
nrules=$("$work/skillvet" rules --format json | grep -c '"id"' || true)

log "warming the page cache"
find "$corpus" -type f -exec cat {} + >/dev/null
find "$corpus" -type f -exec cat {} + >/dev/null

# timed NAME CMD...: run CMD under /usr/bin/time -v; print "wall_s rss_kb".
# Exit codes 0 and 1 are success (skillvet exits 1 when a skill is blocked).
timed() {
  local name=$1; shift
  local tf="$work/time-$name.txt"
  set +e
  /usr/bin/time -v "$@" >"$work/out-$name.txt" 2>"$tf"
  local rc=$?
  set -e
  if [ $rc -gt 1 ]; then
    echo "compare.sh: $name exited $rc:" >&2
    tail -20 "$tf" >&2
    exit 1
  fi
  awk -F': ' '
    /Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; wall = s }
    /Maximum resident set size/ { rss = $2 }
    END { printf "%.3f %d\n", wall, rss }' "$tf"
}

# median of the first field; the RSS of the same run.
median() { sort -n | awk '{a[NR] = $0} END {print a[int((NR + 1) / 2)]}'; }

declare -A wall rss
measure() {
  local name=$1; shift
  local res=""
  for i in $(seq "$runs"); do
    r=$(timed "$name" "$@")
    log "$name run $i: ${r% *} s, $(( ${r#* } / 1024 )) MB RSS"
    res+="$r"$'\n'
  done
  m=$(printf '%s' "$res" | median)
  wall[$name]=${m% *}
  rss[$name]=${m#* }
}

log "timing: $runs runs each"
# Two raw reads: tar streaming every file into a pipe (the floor the ratios
# use), and find -exec cat (one cat per batch of files; much slower here,
# cat pays per file).
measure raw sh -c 'tar cf - -C "$1" . | cat > /dev/null' sh "$corpus"
measure rawcat sh -c 'find "$1" -type f -exec cat {} + > /dev/null' sh "$corpus"
measure skillvet "$work/skillvet" scan --format json -o "$work/skillvet.json" --quiet "$corpus"
measure openclaw node "$repo/bench/openclaw-scan.mjs" --openclaw "$ocpkg" --json "$corpus"

mbps() { awk -v b="$bytes" -v w="$1" 'BEGIN { printf "%.1f", b / 1e6 / w }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
sv_blocked=$(grep -c '"verdict": "block"' "$work/skillvet.json" || true)
oc_flagged=$(awk -F': ' '/"flagged": true/ {c++} END {print c+0}' "$work/out-openclaw.txt")

cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
cat <<EOF

### skillvet vs OpenClaw on a synthetic corpus ($(date -u +%Y-%m-%d))

Machine: $(nproc) CPUs ($cpu), $(free -g | awk '/Mem:/ {print $2}') GiB; load average before the runs: $(cut -d' ' -f1-3 /proc/loadavg).
Corpus: \`go run ./bench/gen -n $n -seed $seed\`: $skills skills, $files files, $(awk -v b="$bytes" 'BEGIN {printf "%.1f", b/1e6}') MB.
skillvet $(git rev-parse --short HEAD 2>/dev/null || echo '?') ($nrules rules, \`scan --format json\`, jobs = CPUs); OpenClaw $ocver scanner (node $(node --version)), its skill audit per skill;
OpenClaw examines only JS/TS files and SKILL.md ($(awk -v b="$ocbytes" 'BEGIN {printf "%.1f", b/1e6}') MB of the corpus); skillvet reads and analyses every file.
Median of $runs runs, page cache warm; MB/s is corpus bytes / wall time.

| | wall time | MB/s | peak RSS | × raw read | skills flagged |
|---|---|---|---|---|---|
| raw read (\`tar cf - … \| cat\`) | ${wall[raw]} s | $(mbps "${wall[raw]}") | $(( ${rss[raw]} / 1024 )) MB | 1.00 | |
| raw read (\`find … -exec cat {} +\`) | ${wall[rawcat]} s | $(mbps "${wall[rawcat]}") | $(( ${rss[rawcat]} / 1024 )) MB | $(ratio "${wall[rawcat]}" "${wall[raw]}") | |
| skillvet | ${wall[skillvet]} s | $(mbps "${wall[skillvet]}") | $(( ${rss[skillvet]} / 1024 )) MB | $(ratio "${wall[skillvet]}" "${wall[raw]}") | $sv_blocked blocked |
| OpenClaw | ${wall[openclaw]} s | $(mbps "${wall[openclaw]}") | $(( ${rss[openclaw]} / 1024 )) MB | $(ratio "${wall[openclaw]}" "${wall[raw]}") | $oc_flagged with critical/warn |

skillvet / OpenClaw wall time: **$(ratio "${wall[skillvet]}" "${wall[openclaw]}")** (target ≤ 0.5); skillvet / raw read: **$(ratio "${wall[skillvet]}" "${wall[raw]}")** (target ≤ 3); skillvet MB/s: **$(mbps "${wall[skillvet]}")** (target ≥ 40); skillvet peak RSS: **$(( ${rss[skillvet]} / 1024 )) MB** (target < 300).
EOF

if [ -f "$repo/corpus/labels.yaml" ]; then
  set +e
  "$work/skillvet" scan --format json -o "$work/corpus-skillvet.json" --quiet --no-inline-suppressions "$repo/corpus"
  rc=$?
  set -e
  [ $rc -le 1 ] || { echo "compare.sh: skillvet scan of corpus/ exited $rc" >&2; exit 1; }
  node "$repo/bench/openclaw-scan.mjs" --openclaw "$ocpkg" --json "$repo/corpus" >"$work/corpus-openclaw.json"
  echo
  echo "Detections on the repository's labelled corpus (corpus/labels.yaml):"
  echo
  go run ./bench/detect -corpus "$repo/corpus" -skillvet "$work/corpus-skillvet.json" -openclaw "$work/corpus-openclaw.json"
else
  echo
  echo "(no corpus/labels.yaml: detections on the labelled corpus skipped)"
fi
log "outputs in $work"
