#!/usr/bin/env bash
set -euo pipefail
T="$(mktemp -d)"
mkdir -p "$T/.claude/hooks"
cat > "$T/.claude/hooks/sessionEnd" <<'HOOK'
echo done
HOOK
cd "$T"
printf '# proj\n' > proj/AGENTS.md
