#!/usr/bin/env bash
# Runs the scan for the GitHub Action: prints the readable report to the
# log, writes SARIF and the job summary, and sets the step's outputs from
# this run only (a fresh temporary directory each time; the SARIF file is
# removed first, so a failed run can never pass on an earlier run's report).
# It never fails the step itself, so that the SARIF upload runs; the
# action's last step fails on the exit code.
set -uo pipefail
: "${GITHUB_OUTPUT:?}" "${RUNNER_TEMP:?}" "${SKILLVET:?}"
fail_on=${INPUT_FAIL_ON:-high}
sarif=${INPUT_SARIF_FILE:-skillvet.sarif}
# Paths: one per line when the input has several lines (a path may then
# contain spaces), else separated by whitespace.
path_args=()
if [[ ${INPUT_PATHS:-.} == *$'\n'* ]]; then
  while IFS= read -r p; do
    p=${p#"${p%%[![:space:]]*}"}
    p=${p%"${p##*[![:space:]]}"}
    [ -n "$p" ] && path_args+=("$p")
  done <<<"$INPUT_PATHS"
else
  read -r -a path_args <<<"${INPUT_PATHS:-.}"
fi
[ ${#path_args[@]} -gt 0 ] || path_args=(.)
# Extra arguments: split like a shell would split words, with quotes, but
# never expanded or run (xargs does the quoting).
run=$(mktemp -d "$RUNNER_TEMP/skillvet-run.XXXXXX")
extra=()
if [ -n "${INPUT_ARGS:-}" ]; then
  if ! printf '%s' "$INPUT_ARGS" | xargs printf '%s\0' >"$run/args"; then
    echo "::error title=skillvet::cannot split the args input (unbalanced quotes?): $INPUT_ARGS"
    echo "exit-code=2" >>"$GITHUB_OUTPUT"
    exit 0
  fi
  mapfile -d '' extra <"$run/args"
fi
json="$run/report.json"
summary="$run/summary.md"
rm -f -- "$sarif"

"$SKILLVET" scan --no-color --fail-on "$fail_on" --report "sarif=$sarif" --report "json=$json" \
  --report "markdown=$summary" "${extra[@]}" -- "${path_args[@]}"
code=$?

findings=0
blocked=0
if [ -s "$json" ]; then
  findings=$(grep -o '"findings": [0-9]*' "$json" | tail -n 1 | grep -o '[0-9]*$' || echo 0)
  blocked=$(grep -o '"blocked": [0-9]*' "$json" | tail -n 1 | grep -o '[0-9]*$' || echo 0)
fi
if [ ! -s "$sarif" ]; then sarif=""; fi
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  if [ -s "$summary" ]; then
    cat "$summary" >>"$GITHUB_STEP_SUMMARY"
  else
    printf '## skillvet\n\nThe scan did not complete (exit code %s); see the log.\n' "$code" >>"$GITHUB_STEP_SUMMARY"
  fi
fi
{
  echo "findings=${findings:-0}"
  echo "blocked=${blocked:-0}"
  echo "sarif-file=$sarif"
  echo "exit-code=$code"
} >>"$GITHUB_OUTPUT"
exit 0
