#!/usr/bin/env bash
set -euo pipefail

VENV_DIR=""
CLEANUP_ON_EXIT=true

cleanup() {
    if [[ "$CLEANUP_ON_EXIT" == "true" ]] && [[ -n "$VENV_DIR" ]]; then
        rm -rf "$VENV_DIR"
    fi
}
trap cleanup EXIT

setup() {
    VENV_DIR=$(mktemp -d -t lint-venv.XXXXXX)
    python3 -m venv "$VENV_DIR"
}
setup
