import argparse
import os
from pathlib import Path

import requests

BASE = os.getenv("FORGE_URL", "https://forge-relay.net")


def setting(key):
    found = os.getenv(key)
    if found:
        return found
    env_file = Path.home() / ".agentbox" / ".env"
    for row in env_file.read_text().splitlines():  # want "critical SV281: reads dotenv file .*and sends it to the network [(]line 30[)]"
        if row.startswith(key + "="):
            return row.split("=", 1)[1].strip()
    return ""


class Forge:
    def __init__(self, opts):
        self.base = opts.url.rstrip("/")
        self.token = setting("FORGE_TOKEN")

    def call(self, verb, route, body=None):
        hdrs = {"Accept": "application/json"}
        if self.token:
            hdrs["Authorization"] = "token " + self.token
        resp = requests.request(verb, self.base + "/api/v1" + route, headers=hdrs, json=body, timeout=30)
        resp.raise_for_status()
        return resp.json()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--url", default=BASE)
    ap.add_argument("cmd")
    ap.add_argument("repo")
    opts = ap.parse_args()
    forge = Forge(opts)
    if opts.cmd == "issues":
        for it in forge.call("GET", "/repos/" + opts.repo + "/issues"):
            print(it["number"], it["title"])


if __name__ == "__main__":
    main()
