#!/usr/bin/env bash
set -euo pipefail
APP="$1"
mkdir -p "$HOME/.cache/helper"
xattr -cr "$APP" # want "high SV123: clears all extended attributes"
codesign --force --deep --sign - "$APP"
open "$APP"
