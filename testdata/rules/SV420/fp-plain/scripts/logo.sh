#!/bin/bash
# Prints coloured output.
printf '\033[1;32m%s\033[0m\n' "ok"
echo "$1" | rev
cmd="ls -la"; eval "$cmd $EXTRA"
