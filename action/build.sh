#!/usr/bin/env bash
# Builds skillvet from the action's own checkout (the ref the workflow pinned)
# into $RUNNER_TEMP and puts it on PATH for later steps.
set -euo pipefail
: "${GITHUB_ACTION_PATH:?}" "${RUNNER_TEMP:?}" "${GITHUB_PATH:?}"
bin="$RUNNER_TEMP/skillvet-bin"
mkdir -p "$bin"
(cd "$GITHUB_ACTION_PATH" && go build -trimpath -o "$bin/skillvet" ./cmd/skillvet)
echo "$bin" >>"$GITHUB_PATH"
"$bin/skillvet" version
