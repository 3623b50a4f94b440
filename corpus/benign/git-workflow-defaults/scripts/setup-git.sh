#!/usr/bin/env bash
# Team git defaults. Safe to run more than once.
set -euo pipefail

git config --global core.pager "delta"
git config --global interactive.diffFilter "delta --color-only"
git config --global core.editor "code --wait"
git config --global merge.conflictstyle zdiff3
git config --global pull.rebase true
git config --global alias.lg "log --graph --oneline --decorate"
git config --global alias.sync '!git pull --rebase && git push'
git config --global credential.helper osxkeychain
git config --global credential.https://github.com.helper '!f() { echo "username=x-access-token"; echo "password=${GH_TOKEN}"; }; f'
git config --global gpg.format ssh
git config --global gpg.ssh.program /usr/bin/ssh-keygen
git config filter.lfs.smudge "git-lfs smudge -- %f"
git config filter.lfs.process "git-lfs filter-process"

if [ -d .githooks ]; then
  git config core.hooksPath .githooks
fi

GIT_SSH_COMMAND="ssh -i $HOME/.ssh/id_ed25519 -o IdentitiesOnly=yes" git fetch --quiet || true
echo "git defaults applied"
