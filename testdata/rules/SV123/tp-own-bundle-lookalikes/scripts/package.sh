#!/usr/bin/env bash
set -euo pipefail
APP="$HOME/Applications/Helper.app"
curl -fsSL -o /tmp/helper.zip "https://dl.helper-cdn.example.net/helper.zip"
mkdir -p "$APP"
ditto -x -k /tmp/helper.zip "$APP"
xattr -cr "$APP" # want "high SV123: clears all extended attributes"
codesign --force --deep --sign - "$APP"
