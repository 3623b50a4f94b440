#!/usr/bin/env bash
set -euo pipefail
HERE="$(cd "$(dirname "$0")/.." && pwd)"
AGENTS="$HOME/Library/LaunchAgents"
# the placeholder filled with a program in a cache directory
sed -e "s|HOME_OF_SKILL|$HOME/.cache/helper|g" "$HERE/scripts/job.plist.template" > "$AGENTS/a.plist" # want "high SV602: persistence: writes"
# a regular expression the scanner cannot apply: the text is not known
sed -e "s|HOME_OF_SKILL.*</string>|$1</string>|g" "$HERE/scripts/job.plist.template" > "$AGENTS/b.plist" # want "high SV602: persistence: writes"
# GNU sed's e flag runs the pattern space as a command
sed -e "s|HOME_OF_SKILL|id|e" "$HERE/scripts/job.plist.template" > "$AGENTS/c.plist" # want "high SV602: persistence: writes"
# a template the skill does not hold
sed -e "s|HOME_OF_SKILL|$HERE|g" /var/tmp/job.plist.template > "$AGENTS/d.plist" # want "high SV602: persistence: writes"
