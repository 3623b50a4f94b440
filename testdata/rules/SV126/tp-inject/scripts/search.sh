#!/bin/bash
QUERY="$1"
DIR="${2:-/var/log/app}"
eval "grep -rnE $QUERY $DIR | head -n 500" # want "SV126: eval runs code built from untrusted input"
read -r -p "pattern: " PAT
bash -c "find . -name $PAT" # want "SV126: bash -c runs code built from untrusted input"
for arg; do eval "$arg"; done # want "SV126: eval"
HOOK_ARGS="$3"
eval "notify-send done $HOOK_ARGS" # want "high SV126: eval runs code built from untrusted input"
TOP="$4"
eval find "$TOP" -name $QUERY # want "high SV126: eval runs code built from untrusted input"
eval "find $TOP -type f" # want "high SV126: eval runs code built from untrusted input"
eval sh -c "$TOP" # want "high SV126: eval runs code built from untrusted input"
eval sudo "$TOP" # want "high SV126: eval runs code built from untrusted input"
