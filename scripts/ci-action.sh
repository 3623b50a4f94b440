#!/usr/bin/env bash
# Tests the GitHub Action's shell steps (action/prep.sh, build.sh, scan.sh,
# upload-gate.sh) locally, in the order action.yml runs them and with the
# environment a runner provides: a clean and a malicious skill, paths with
# spaces, quoted args, the job summary, a second scan in the same job that
# fails before writing anything (it must not pass on the first run's
# outputs or SARIF), the fork-PR upload skip, and that nothing leaks into
# the caller's PATH or environment.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
export GITHUB_ACTION_PATH="$repo" RUNNER_TEMP="$work/tmp" GITHUB_PATH="$work/path" GITHUB_ENV="$work/env" \
  GITHUB_OUTPUT="$work/out" GITHUB_STEP_SUMMARY="$work/summary.md" GITHUB_REPOSITORY=acme/skills RUNNER_OS=Linux RUNNER_ARCH=X64
mkdir -p "$RUNNER_TEMP"
: >"$GITHUB_PATH"
: >"$GITHUB_ENV"
fail() { echo "FAIL: $*"; [ -f "$work/log" ] && cat "$work/log"; exit 1; }
out() { sed -n "s/^$1=//p" "$GITHUB_OUTPUT" | tail -n 1; }

# prep + build, as action.yml runs them on a cache miss.
: >"$GITHUB_OUTPUT"
bash "$repo/action/prep.sh"
bin_dir=$(out bin-dir)
case "$(out cache-key)" in skillvet-bin-Linux-X64-go*-????????????????) ;; *) fail "cache key: $(out cache-key)" ;; esac
[ "$(out go-ok)" = true ] || fail "a Go of 1.21+ is on PATH but prep says go-ok=$(out go-ok)"
# Reuse this machine's module and build caches: the test checks the steps, not the network or the compiler.
SKILLVET_BIN_DIR="$bin_dir" SKILLVET_GO_VERSION="$(out go-version)" SKILLVET_GOMODCACHE="$(go env GOMODCACHE)" SKILLVET_GOCACHE="$(go env GOCACHE)" \
  bash "$repo/action/build.sh" >/dev/null
[ -x "$bin_dir/skillvet" ] || fail "no binary in $bin_dir"
[ ! -s "$GITHUB_PATH" ] && [ ! -s "$GITHUB_ENV" ] || fail "the build changed the caller's PATH or environment: $(cat "$GITHUB_PATH" "$GITHUB_ENV")"
ls "$RUNNER_TEMP" | grep -q '^skillvet-build' && fail "the build left its module or build cache behind"
# The key is stable: a second prep gives the same one (what the cache looks up).
key=$(out cache-key)
bash "$repo/action/prep.sh"
[ "$(out cache-key)" = "$key" ] || fail "cache key changed between runs"
export SKILLVET="$bin_dir/skillvet"

mkdir -p "$work/ws/my skills/clean" "$work/ws/my skills/bad/bin"
printf -- '---\nname: clean\ndescription: A clean skill.\n---\n# Clean\n\nSummarise the file the user names.\n' >"$work/ws/my skills/clean/SKILL.md"
printf -- '---\nname: bad\ndescription: Ships an executable.\n---\n# Bad\n\nRun bin/helper.\n' >"$work/ws/my skills/bad/SKILL.md"
printf '\177ELF\002\001\001\000\000\000\000' >"$work/ws/my skills/bad/bin/helper"

run_scan() { # paths, [args] -> outputs in $GITHUB_OUTPUT, log in $work/log
  : >"$GITHUB_OUTPUT"
  (cd "$work/ws" && INPUT_PATHS="$1" INPUT_FAIL_ON=high INPUT_SARIF_FILE="out dir/out.sarif" INPUT_ARGS="${2:-}" \
    bash "$repo/action/scan.sh" >"$work/log" 2>&1)
}
mkdir -p "$work/ws/out dir"

# A path with a space, one per line.
run_scan $'my skills/clean\n'
[ "$(out exit-code)" = 0 ] || fail "clean skill: exit-code $(out exit-code)"
[ "$(out findings)" = 0 ] && [ "$(out blocked)" = 0 ] || fail "clean skill: outputs wrong: $(cat "$GITHUB_OUTPUT")"

# Quoted args with a space survive as one argument.
printf 'version: 1\n' >"$work/ws/my config.yaml"
: >"$GITHUB_STEP_SUMMARY"
run_scan $'my skills\n' "--config 'my config.yaml' --fail-on high"
[ "$(out exit-code)" = 1 ] || fail "malicious skill: exit-code $(out exit-code)"
[ "$(out blocked)" = 1 ] || fail "malicious skill: blocked=$(out blocked)"
[ "$(out sarif-file)" = "out dir/out.sarif" ] && grep -q '"ruleId": "SV003"' "$work/ws/out dir/out.sarif" || fail "no SARIF with SV003: $(cat "$GITHUB_OUTPUT")"
grep -q "SV003" "$work/log" || fail "the log lacks the readable report"
grep -q "1 blocked" "$GITHUB_STEP_SUMMARY" && grep -q "SV003" "$GITHUB_STEP_SUMMARY" || fail "no job summary: $(cat "$GITHUB_STEP_SUMMARY")"

# A second scan in the same job that fails before writing a report (a bad
# config): no SARIF from the first run, no findings from it.
printf 'rulez: 1\n' >"$work/ws/bad.yaml"
run_scan $'my skills\n' "--config bad.yaml"
[ "$(out exit-code)" = 2 ] || fail "bad config: exit-code $(out exit-code)"
[ -z "$(out sarif-file)" ] && [ ! -e "$work/ws/out dir/out.sarif" ] || fail "the second run passed on the first run's SARIF"
[ "$(out findings)" = 0 ] && [ "$(out blocked)" = 0 ] || fail "the second run reported the first run's outputs: $(cat "$GITHUB_OUTPUT")"
grep -q 'unknown key "rulez"' "$work/log" || fail "the config error is not in the log"

# Unbalanced quotes in args: an error, not a scan with mangled arguments.
run_scan "my" "--config 'oops"
[ "$(out exit-code)" = 2 ] || fail "unbalanced quotes: exit-code $(out exit-code)"

# Upload gate: a fork PR skips with a notice; the same repository uploads.
gate() { : >"$GITHUB_OUTPUT"; INPUT_UPLOAD=true SARIF_FILE=x.sarif PR_HEAD_REPO="$1" bash "$repo/action/upload-gate.sh" >"$work/log"; }
gate someone/skills
[ "$(out upload)" = false ] && grep -q '::notice' "$work/log" || fail "fork PR: upload=$(out upload)"
gate acme/skills
[ "$(out upload)" = true ] || fail "same-repo PR: upload=$(out upload)"
gate ""
[ "$(out upload)" = true ] || fail "push: upload=$(out upload)"
: >"$GITHUB_OUTPUT"
INPUT_UPLOAD=true SARIF_FILE="" bash "$repo/action/upload-gate.sh" >/dev/null
[ "$(out upload)" = false ] || fail "no SARIF: upload=$(out upload)"
echo "action shell steps: ok"
