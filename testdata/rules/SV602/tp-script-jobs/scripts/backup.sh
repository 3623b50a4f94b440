#!/usr/bin/env bash
# Copies the library to the backup disk.
set -euo pipefail
rsync -a "${LIBRARY:-$HOME/media}/" "${DEST:-/mnt/backup/media}/"
