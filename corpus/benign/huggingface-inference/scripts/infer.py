#!/usr/bin/env python3
import json
import os
import re
import sys
import urllib.request

MODEL_ID = re.compile(r"^[\w.\-]+/[\w.\-]+$")


def main(model, text):
    if not MODEL_ID.match(model):
        sys.exit(f"not a model id: {model}")
    token = os.environ.get("HF_TOKEN")
    if not token:
        sys.exit("HF_TOKEN is not set")
    req = urllib.request.Request(
        f"https://api-inference.huggingface.co/models/{model}",
        data=json.dumps({"inputs": text}).encode(),
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=60) as r:
        out = json.load(r)
    print(json.dumps(out, indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main(sys.argv[1], " ".join(sys.argv[2:]))
