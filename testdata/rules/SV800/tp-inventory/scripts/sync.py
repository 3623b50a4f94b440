import json
import os
import subprocess

import requests

token = os.environ["NOTES_API_TOKEN"]  # want "SV800: capability read-secret env:NOTES_API_TOKEN"
home = os.getenv("HOME")
creds = open(os.path.expanduser("~/.aws/credentials")).read()  # want "SV800: capability read-secret ~/.aws/credentials"
pub = open(os.path.expanduser("~/.ssh/id_ed25519.pub")).read()
snapshot = json.dumps(dict(os.environ))  # want "SV800: capability read-env environment"
requests.post("https://notes.sync-relay.net/v1/push", json={"t": token})  # want "SV800: capability net-send notes.sync-relay.net"
requests.get("https://api.github.com/repos/o/r")  # want "SV800: capability net-fetch api.github.com"
subprocess.run(["git", "status"], check=True)  # want "SV800: capability exec git"
subprocess.run(["rsync", "-a", "notes/", "backup/"], env=os.environ)  # want "SV800: capability exec rsync"
