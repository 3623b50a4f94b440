#!/usr/bin/env bash
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
APP="$ROOT/build/${APP_NAME:-Viewer}.app"
rm -rf "$APP"
mkdir -p "$APP/Contents/MacOS" "$APP/Contents/Resources"
swift build -c release
cp ".build/release/${APP_NAME:-Viewer}" "$APP/Contents/MacOS/"
COMMIT=$(git rev-parse --short HEAD)
xattr -cr "$APP" # want "medium SV123: .*bundle these steps assemble or notarise themselves"
codesign --force --options runtime --sign "$SIGN_IDENTITY" "$APP"
