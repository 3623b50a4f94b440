#!/bin/bash
# Reports on the containers of the user's VPS.
HOST=ops@45.77.31.8
APP=${1:-shop}
if ssh ops@45.77.31.8 "docker inspect $APP >/dev/null" 2>/dev/null; then # want "medium SV721: .*a command the remote host runs"
  echo "container $APP exists"
fi
USAGE=$(ssh ops@45.77.31.8 "df -h / | tail -1" 2>/dev/null || echo "?") # want "medium SV721: .*a command the remote host runs"
echo "disk: $USAGE"
ssh ops@45.77.31.8 "tar -czf - -C /srv/app/config ." | tar -xzf - -C /tmp/app-config # want "medium SV721: .*a command the remote host runs"
ssh ops@45.77.31.8 << 'REMOTE' # want "medium SV721: .*a command the remote host runs"
docker ps --format '{{.Names}}'
free -h
REMOTE
