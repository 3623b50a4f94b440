#!/bin/bash
QUERY="$1"
DIR="${2:-/var/log/app}"

# build the grep pipeline dynamically so extra flags in the query work
eval "grep -rnE $QUERY $DIR | sort -t: -k3 | head -n 500"
