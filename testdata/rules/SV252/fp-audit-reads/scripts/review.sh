#!/usr/bin/env bash
CREDS="$HOME/.aws/credentials"
# profile names: only the [section] header lines
names=$(grep -E '^\[.*\]$' "$CREDS" | tr -d '[]')
grep '^\[' ~/.pypirc
grep -e '^\[profile ' -e '^\[default\]' ~/.aws/config
# sudo rules are privileges, not secrets
grep -r "NOPASSWD" /etc/sudoers* 2>/dev/null
grep "^Defaults.*secure_path" /etc/sudoers
# look-alikes that print the keys under a header, or every other line
awk "/^\[$1\]$/,/^$/" "$CREDS" # want "high SV252: awk reads AWS credentials"
grep -A3 '^\[default\]' "$CREDS" # want "high SV252: grep reads AWS credentials"
grep -2 '^\[default\]' "$CREDS" # want "high SV252: grep reads AWS credentials"
grep -v '^\[' "$CREDS" # want "high SV252: grep reads AWS credentials"
grep -E '^\[.*\]$|secret' "$CREDS" # want "high SV252: grep reads AWS credentials"
grep -e '^\[' -e 'aws_secret' "$CREDS" # want "high SV252: grep reads AWS credentials"
grep -z '^\[' "$CREDS" # want "high SV252: grep reads AWS credentials"
grep '^\[' ~/.bash_history # want "high SV252: grep reads shell history"
# the password hashes stay secret
cat /etc/shadow # want "high SV252: cat reads system password file"
sudo cat /etc/gshadow # want "high SV252: cat reads system password file"
cp /etc/master.passwd ./mp # want "high SV252: cp reads system password file"
