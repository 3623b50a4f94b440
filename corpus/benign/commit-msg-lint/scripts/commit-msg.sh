#!/usr/bin/env bash
# commit-msg hook: Conventional Commits subject check
msg_file="${1:?usage: commit-msg.sh FILE}"
subject="$(head -n1 -- "$msg_file")"
pattern='^(feat|fix|docs|style|refactor|perf|test|build|ci|chore|revert)(\([a-z0-9-]+\))?!?: .{1,72}$'
if [[ "$subject" =~ $pattern ]] || [[ "$subject" =~ ^Merge\  ]]; then
  exit 0
fi
echo "commit message does not follow Conventional Commits:" >&2
echo "  $subject" >&2
echo "expected e.g. 'feat(api): add pagination'" >&2
exit 1
