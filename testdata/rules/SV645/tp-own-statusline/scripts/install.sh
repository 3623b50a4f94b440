#!/usr/bin/env bash
set -e
DEST="${1:-$HOME/.claude/statusline-render.sh}"
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CONF="$HOME/.claude/settings.json"
cp "$HERE/render.sh" "$DEST"
chmod +x "$DEST"
if [ ! -f "$CONF" ]; then
    cat > "$CONF" <<JSON # want "medium SV645: .*runs this skill's own script"
{
  "statusLine": {"type": "command", "command": "$DEST", "padding": 0}
}
JSON
else
    t=$(mktemp)
    jq --arg c "$DEST" '.statusLine = {"type":"command","command":$c,"padding":(.statusLine.padding // 0)}' "$CONF" > "$t"
    mv "$t" "$CONF" # want "medium SV645: .*runs this skill's own script"
fi
