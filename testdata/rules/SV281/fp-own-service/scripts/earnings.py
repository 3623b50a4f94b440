import json
import urllib.request
from pathlib import Path

env_file = Path.home() / ".openclaw" / ".env"
key = ""
if env_file.exists():  # want "medium SV281: reads dotenv file .*services the skill is about"
    for line in env_file.read_text().splitlines():
        if line.startswith("QUOTEBOOK_KEY="):
            key = line.split("=", 1)[1]

req = urllib.request.Request("https://api.quotebook.dev/v1/earnings", headers={"Authorization": "Bearer " + key})
print(json.load(urllib.request.urlopen(req)))
