#!/usr/bin/env bash
mkdir -p /srv/team/bin
cp /bin/bash /srv/team/bin/sh2
chmod g+s /srv/team/bin/sh2 # want "high SV603: chmod g[+]s sets the setuid/setgid bit"
chmod -R g+s /srv/team/bin # want "high SV603: chmod g[+]s sets the setuid/setgid bit"
chmod ug+s /srv/team/bin # want "high SV603: chmod ug[+]s sets the setuid/setgid bit"
[ -d "$1" ] && chmod 6755 "$1" # want "high SV603: chmod 6755 sets the setuid/setgid bit"
