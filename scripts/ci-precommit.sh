#!/usr/bin/env bash
# Tests the pre-commit hook for real: a temporary git repository uses this
# checkout's .pre-commit-hooks.yaml (the golang hook, built by pre-commit),
# a commit adding a malicious skill is refused with a readable message, and
# a clean skill commits. Needs pre-commit (Debian package) and git.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
command -v pre-commit >/dev/null || { echo "pre-commit is not installed"; exit 1; }
rev=$(git -C "$repo" rev-parse HEAD)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PRE_COMMIT_HOME="$work/cache" HOME="$work" GIT_CONFIG_NOSYSTEM=1
export GIT_AUTHOR_NAME=ci GIT_AUTHOR_EMAIL=ci@example.com GIT_COMMITTER_NAME=ci GIT_COMMITTER_EMAIL=ci@example.com
cd "$work"
git init -q -b main r && cd r
cat >.pre-commit-config.yaml <<YAML
repos:
  - repo: $repo
    rev: $rev
    hooks:
      - id: skillvet
YAML
git add .pre-commit-config.yaml
git commit -qm "pre-commit config" --no-verify
pre-commit install >/dev/null

mkdir -p skills/good skills/evil
printf -- '---\nname: good\ndescription: Summarises a file the user names.\n---\n# Good\n\nRead the file and summarise it.\n' >skills/good/SKILL.md
git add skills/good
if ! git commit -qm "add good skill" >"$work/good.log" 2>&1; then
  echo "FAIL: the clean skill was refused:"; cat "$work/good.log"; exit 1
fi

cp "$repo/testdata/precommit/evil-SKILL.md" skills/evil/SKILL.md
git add skills/evil
if git commit -qm "add evil skill" >"$work/evil.log" 2>&1; then
  echo "FAIL: the malicious skill was committed"; cat "$work/evil.log"; exit 1
fi
grep -q "skills/evil/SKILL.md:[0-9]*:[0-9]*: critical" "$work/evil.log" || { echo "FAIL: no readable finding in the hook output:"; cat "$work/evil.log"; exit 1; }
echo "pre-commit hook: clean skill committed, malicious skill refused:"
grep "skills/evil" "$work/evil.log" | head -5
