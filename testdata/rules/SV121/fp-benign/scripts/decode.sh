#!/bin/sh
# Prints a decoded config value.
echo "$CONFIG_B64" | base64 --decode | jq .
