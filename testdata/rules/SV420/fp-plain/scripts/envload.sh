#!/bin/bash
# load the project's settings written on Windows, upper-case the stage name
eval "$(tr -d '\r' < .env.local | sed 's/^/export /')"
eval "$(cat deploy.env | tr -d '\r')"
stage=$(echo "$1" | tr 'a-z' 'A-Z')
eval "export STAGE_$(echo "$1" | tr '[:lower:]' '[:upper:]')=1"
