#!/usr/bin/env bash
# Lists lines in the repository that switch endpoint protection off.
set -euo pipefail
root="${1:-.}"
patterns=(
  'Set-MpPreference[^#]*-Disable[A-Za-z]+ +\$?(true|1)'
  'Add-MpPreference[^#]*-Exclusion(Path|Process|Extension)'
  'spctl +--(master|global)-disable'
  'csrutil +disable'
  'setenforce +(0|[Pp]ermissive)'
  'SELINUX=(disabled|permissive)'
  'systemctl +(stop|disable|mask) +(auditd|firewalld|apparmor|falcon-sensor)'
  'auditctl +-e +0'
  'ufw +disable'
)
status=0
for p in "${patterns[@]}"; do
  if grep -rnEI --exclude-dir=.git "$p" "$root"; then
    status=1
  fi
done
exit "$status"
