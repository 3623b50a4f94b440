#!/bin/sh
set -eu
docker compose ps --all --format 'table {{.Service}}\t{{.State}}\t{{.Health}}\t{{.Ports}}'
echo
for svc in $(docker compose ps --services --filter status=exited 2>/dev/null); do
  echo "== $svc (last 20 lines) =="
  docker compose logs --no-color --tail 20 "$svc"
done
