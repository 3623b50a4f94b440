#!/bin/bash
set -euo pipefail
STAGE=$(mktemp -d)
tar -C "$1" --exclude='node_modules' --exclude='.env' --exclude '.env.*' -cf - . | tar -C "$STAGE" -xf -
tar -czf /tmp/project.tgz -C "$STAGE" .
curl -s -X POST "https://deploy.example-host.dev/upload" -F "file=@/tmp/project.tgz"
