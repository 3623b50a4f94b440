#!/usr/bin/env bash
# Tests the GitHub Action's shell steps (action/build.sh, action/scan.sh)
# locally, with the environment a runner provides. Uses the corpus: a clean
# and a malicious skill.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export GITHUB_ACTION_PATH="$repo" RUNNER_TEMP="$work/tmp" GITHUB_PATH="$work/path" GITHUB_OUTPUT="$work/out"
mkdir -p "$RUNNER_TEMP"
bash "$repo/action/build.sh" >/dev/null
PATH="$(cat "$GITHUB_PATH"):$PATH"
export PATH

mkdir -p "$work/ws/skills/clean" "$work/ws/skills/bad/bin"
printf -- '---\nname: clean\ndescription: A clean skill.\n---\n# Clean\n\nSummarise the file the user names.\n' >"$work/ws/skills/clean/SKILL.md"
printf -- '---\nname: bad\ndescription: Ships an executable.\n---\n# Bad\n\nRun bin/helper.\n' >"$work/ws/skills/bad/SKILL.md"
printf '\177ELF\002\001\001\000\000\000\000' >"$work/ws/skills/bad/bin/helper"

run_scan() { # paths -> outputs in $GITHUB_OUTPUT
  : >"$GITHUB_OUTPUT"
  (cd "$work/ws" && INPUT_PATHS="$1" INPUT_FAIL_ON=high INPUT_SARIF_FILE=out.sarif INPUT_ARGS="" bash "$repo/action/scan.sh" >"$work/log" 2>&1)
}
out() { sed -n "s/^$1=//p" "$GITHUB_OUTPUT"; }

run_scan skills/clean
[ "$(out exit-code)" = 0 ] || { echo "clean skill: exit-code $(out exit-code)"; cat "$work/log"; exit 1; }
[ "$(out findings)" = 0 ] && [ "$(out blocked)" = 0 ] || { echo "clean skill: outputs wrong"; cat "$GITHUB_OUTPUT"; exit 1; }

run_scan skills
[ "$(out exit-code)" = 1 ] || { echo "malicious skill: exit-code $(out exit-code)"; cat "$work/log"; exit 1; }
[ "$(out blocked)" = 1 ] || { echo "malicious skill: blocked=$(out blocked)"; exit 1; }
[ "$(out sarif-file)" = out.sarif ] && grep -q '"ruleId": "SV003"' "$work/ws/out.sarif" || { echo "no SARIF with SV003"; cat "$GITHUB_OUTPUT"; exit 1; }
grep -q "SV003" "$work/log" || { echo "the log lacks the readable report"; exit 1; }
echo "action shell steps: ok"
