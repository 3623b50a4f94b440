#!/bin/sh
export $(grep -E "^QUOTEBOOK_" "$HOME/.config/quotebook/.env" | xargs)
curl -s -X POST "https://quotebook.dev/search.json?key=$QUOTEBOOK_KEY" -d "q=$1" # want "medium SV250: .*goes to the service the skill is about"
