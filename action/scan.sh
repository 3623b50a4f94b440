#!/usr/bin/env bash
# Runs the scan for the GitHub Action: writes SARIF, prints a readable report
# to the log, and exposes outputs. It never fails the step itself, so that
# the SARIF upload runs; the action's last step fails on the exit code.
set -uo pipefail
: "${GITHUB_OUTPUT:?}" "${RUNNER_TEMP:?}"
paths=${INPUT_PATHS:-.}
fail_on=${INPUT_FAIL_ON:-high}
sarif=${INPUT_SARIF_FILE:-skillvet.sarif}
# shellcheck disable=SC2206 # word splitting of the inputs is intended
path_args=($paths)
# shellcheck disable=SC2206
extra=(${INPUT_ARGS:-})
json="$RUNNER_TEMP/skillvet-report.json"

skillvet scan --no-color --fail-on "$fail_on" --report "sarif=$sarif" --report "json=$json" "${extra[@]}" "${path_args[@]}"
code=$?

findings=$(grep -o '"findings": [0-9]*' "$json" | tail -n 1 | grep -o '[0-9]*$' || echo 0)
blocked=$(grep -o '"blocked": [0-9]*' "$json" | tail -n 1 | grep -o '[0-9]*$' || echo 0)
if [ ! -s "$sarif" ]; then sarif=""; fi
{
  echo "findings=${findings:-0}"
  echo "blocked=${blocked:-0}"
  echo "sarif-file=$sarif"
  echo "exit-code=$code"
} >>"$GITHUB_OUTPUT"
exit 0
