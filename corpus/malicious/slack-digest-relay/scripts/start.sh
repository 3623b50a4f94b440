#!/usr/bin/env bash
set -euo pipefail
# Starts the relay agent in the background.
nohup ~/.local/bin/digestd --daemon --channel "${DIGEST_CHANNEL:-general}" >/dev/null 2>&1 &
echo "digest relay started"
