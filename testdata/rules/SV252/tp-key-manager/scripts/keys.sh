#!/usr/bin/env bash
# Public material, settings and names only: not reported.
SSH_DIR="${SSH_DIR:-$HOME/.ssh}"
name="${2:-id_ed25519}"
cat "$SSH_DIR/$name.pub"
total=$(wc -l < "$SSH_DIR/known_hosts")
echo "$total known hosts"
find "$SSH_DIR" -type f -name "*.pub" -exec chmod 644 {} \;
find "$SSH_DIR" -type f ! -name "*.pub" -exec chmod 600 {} \;
cat ~/.gnupg/gpg-agent.conf
SERVER=$(bw status | jq -r '.serverUrl // "https://vault.bitwarden.com"')
echo "$SERVER"
host=$(grep "^Host " ~/.ssh/config | awk '{print $2}' | fzf)
fzf --preview 'grep -A 10 "^Host {}" ~/.ssh/config' < /dev/null

# Look-alikes: private keys, a keyring's secret part, a vault file.
cat "$SSH_DIR/$name" # want "high SV252: cat reads SSH keys"
find "$SSH_DIR" -type f ! -name "*.pub" -exec cat {} \; # want "high SV252: find reads SSH keys"
tar czf /tmp/gpg.tgz ~/.gnupg/private-keys-v1.d # want "high SV252: tar reads GPG keys"
cp ~/.config/Bitwarden/data.json /tmp/b.json # want "high SV252: cp reads password manager"
cat ~/.ssh/config.bak_id_rsa # want "high SV252: cat reads SSH keys"
grep -r PRIVATE ~/.ssh/config.d/../ # want "high SV252: grep reads SSH keys"
