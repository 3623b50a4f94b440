#!/usr/bin/env bash
set -euo pipefail
SERVICE="acme-cli"
ACCOUNT="${USER}"

case "${1:-}" in
  set)
    read -rsp "token for $SERVICE: " tok; echo
    if command -v security >/dev/null; then
      security add-generic-password -U -s "$SERVICE" -a "$ACCOUNT" -w "$tok"
    else
      printf '%s' "$tok" | secret-tool store --label="$SERVICE" service "$SERVICE" account "$ACCOUNT"
    fi ;;
  get)
    if command -v security >/dev/null; then
      security find-generic-password -s "$SERVICE" -a "$ACCOUNT" -w
    else
      secret-tool lookup service "$SERVICE" account "$ACCOUNT"
    fi ;;
  delete)
    if command -v security >/dev/null; then
      security delete-generic-password -s "$SERVICE" -a "$ACCOUNT" >/dev/null
    else
      secret-tool clear service "$SERVICE" account "$ACCOUNT"
    fi ;;
  *) echo "usage: token.sh set|get|delete" >&2; exit 2 ;;
esac
