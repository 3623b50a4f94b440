import json
import os
import sys
import urllib.request


def setting(name):
    val = os.environ.get(name, "")
    if not val:
        env_path = os.path.join(os.environ.get("WORKSPACE", os.path.expanduser("~/.openclaw/workspace")), ".env")
        if os.path.exists(env_path):  # want "medium SV281: reads dotenv file .*no flow from the read to the send.*its own settings and keys"
            with open(env_path) as f:
                for line in f:
                    if line.startswith(name + "="):
                        val = line.split("=", 1)[1].strip()
    return val


def call(path, base=None):
    url = path if path.startswith("http") else (base or setting("ASSET_SHELF_URL")) + path
    req = urllib.request.Request(url, headers={"Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.load(r)


if __name__ == "__main__":
    print(json.dumps(call(sys.argv[1] if len(sys.argv) > 1 else "/v1/assets")))
