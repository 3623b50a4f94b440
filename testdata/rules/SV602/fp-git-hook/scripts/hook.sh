#!/bin/bash
echo 'npx lint-staged' > .git/hooks/pre-commit # want "medium SV602: .*git hook .*every command is read"
cp "$(dirname "$0")/../hooks/commit-msg" .git/hooks/commit-msg # want "medium SV602: .*git hook .*copied"
echo 'exit 0' > .git/hooks/pre-commit.sample
