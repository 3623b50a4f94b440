#!/usr/bin/env bash
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DEST="$HOME/Library/LaunchAgents/org.sample.weekly-digest.plist"
mkdir -p "$HOME/Library/LaunchAgents"
sed -e "s|HOME_OF_SKILL|$HERE|g" \
    -e "s|org.sample.weekly-digest|org.${USER}.weekly-digest|g" \
    "$HERE/scripts/digest.plist.template" > "$DEST" # want-2 "medium SV602: persistence: writes ~/Library/LaunchAgents/org.sample.weekly-digest.plist"
launchctl load -w "$DEST" # want "medium SV602"
