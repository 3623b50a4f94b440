#!/usr/bin/env bash
set -euo pipefail
BUNDLE="$1"
ditto -c -k --keepParent "$BUNDLE" /tmp/notarize.zip
xcrun notarytool submit /tmp/notarize.zip --keychain-profile "$PROFILE" --wait
xcrun stapler staple "$BUNDLE"
xattr -cr "$BUNDLE" # want "medium SV123: .*bundle these steps assemble or notarise themselves"
ditto -c -k --keepParent "$BUNDLE" "$BUNDLE.zip"
