#!/usr/bin/env bash
# A backup with hooks the caller configures, and a virtualenv it names.
set -euo pipefail
PRE_HOOK="${1:-}"
ON_CHANGE_ACTION="${2:-}"
VENV_PATH="${3:-.venv}"
ENV_FILE="${4:-.env}"
[[ -n "$PRE_HOOK" ]] && eval "$PRE_HOOK" # want "medium SV126: eval runs its arguments as the command"
eval "$ON_CHANGE_ACTION" || true # want "medium SV126: eval runs its arguments as the command"
source "$VENV_PATH/bin/activate" # want "medium SV126: source runs the file its caller names"
set -a; . "$ENV_FILE"; set +a # want "medium SV126: [.] runs the file its caller names"
NOTIFY_CMD="${2:-${NOTIFY_CMD:-}}"
REPORT="$(mktemp)"
[[ -n "$NOTIFY_CMD" ]] && eval "$NOTIFY_CMD \"$REPORT\"" # want "medium SV126: eval runs its arguments as the command"
