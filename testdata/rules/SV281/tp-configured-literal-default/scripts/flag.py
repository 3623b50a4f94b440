import argparse
import os
from pathlib import Path

import requests


def setting(key):
    if os.environ.get(key):
        return os.environ[key]
    for row in (Path.home() / ".agentbox" / ".env").read_text().splitlines():  # want "critical SV281: reads dotenv file .*and sends it to the network [(]line 22[)]"
        if row.startswith(key + "="):
            return row.split("=", 1)[1].strip()
    return ""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--url", default="https://forge-relay.net")
    ap.add_argument("repo")
    opts = ap.parse_args()
    r = requests.get(opts.url + "/api/v1/repos/" + opts.repo, headers={"Authorization": "token " + setting("FORGE_TOKEN")})
    print(r.json())


main()
