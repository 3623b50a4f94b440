#!/bin/bash
tok="$(python3 "$(dirname "$0")/token.py")"
curl -s -X POST -H "Authorization: Bearer $tok" -d "{\"body\": \"$2\"}" "https://api.github.com/repos/acme/app/issues/$1/comments" # want "SV802: capability net-send api.github.com" "medium SV801: env:WALLETLY_API_KEY is read in scripts/token.py:4 and another file sends data to api.github.com"
curl -s -d "pr=$1" http://127.0.0.1:8080/notify # want "SV802: capability net-send 127.0.0.1"
key="$(python3 "$(dirname "$0")/token.py" | tail -n 1)"
curl -s -X POST -H "X-Api-Key: $key" -d "{\"pr\": \"$1\"}" https://api.walletly.io/v2/notes # want "SV802: capability net-send api.walletly.io" "medium SV801: env:GITHUB_TOKEN is read in scripts/token.py:3 and another file sends data to api.walletly.io"
