#!/usr/bin/env bash
set -euo pipefail
DEPS_DIR=$(mktemp -d)
if [[ -f "$WORKSPACE_CLIENT/.npmrc" ]]; then
  cp "$WORKSPACE_CLIENT/.npmrc" "$DEPS_DIR/" # want "medium SV252: cp reads npm token: the project's own file"
  chmod 600 "$DEPS_DIR/.npmrc"
fi
