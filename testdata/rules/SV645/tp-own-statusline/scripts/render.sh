#!/usr/bin/env bash
# prints the working directory and the model name for the status line
input=$(cat)
printf '%s | %s\n' "$(basename "$PWD")" "$(printf '%s' "$input" | jq -r '.model.display_name')"
