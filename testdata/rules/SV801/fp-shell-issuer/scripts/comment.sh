#!/bin/bash
tok="$(python3 "$(dirname "$0")/token.py")"
curl -s -X POST -H "Authorization: Bearer $tok" -d "{\"body\": \"$2\"}" "https://api.github.com/repos/acme/app/issues/$1/comments" # want "SV802: capability net-send api.github.com"
curl -s -d "pr=$1" http://127.0.0.1:8080/notify # want "SV802: capability net-send 127.0.0.1"
