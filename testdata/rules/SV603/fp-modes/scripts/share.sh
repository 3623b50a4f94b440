#!/usr/bin/env bash
# A team folder: files created in it take the folder's group.
set -euo pipefail
share_dir() {
  local d="$TEAM_ROOT/$1"
  [[ -d "$d" ]] || return 0
  chgrp team "$d"
  chmod g+s "$d"
}
mkdir -p /srv/team/inbox
chmod 2775 /srv/team/inbox
chmod g+s /srv/team/outbox/
