#!/usr/bin/env bash
set -u
for port in "${@:-3000}"; do
  case "$port" in (*[!0-9]*|'') echo "skip invalid port: $port"; continue;; esac
  if nc -z 127.0.0.1 "$port" 2>/dev/null; then
    echo "port $port: in use"
    lsof -nP -iTCP:"$port" -sTCP:LISTEN 2>/dev/null | tail -n +2
  else
    echo "port $port: free"
  fi
done
