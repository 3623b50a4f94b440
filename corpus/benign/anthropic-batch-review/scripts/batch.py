#!/usr/bin/env python3
"""Submit and poll Anthropic message batches."""
import argparse
import json
import os
import sys
import urllib.request

API = "https://api.anthropic.com/v1/messages/batches"


def call(url, body=None):
    key = os.environ.get("ANTHROPIC_API_KEY")
    if not key:
        sys.exit("ANTHROPIC_API_KEY is not set")
    req = urllib.request.Request(
        url,
        data=json.dumps(body).encode() if body is not None else None,
        headers={"x-api-key": key, "anthropic-version": "2023-06-01", "content-type": "application/json"},
        method="POST" if body is not None else "GET",
    )
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.load(r)


def submit(prompt_file, files):
    prompt = open(prompt_file, encoding="utf-8").read()
    reqs = []
    for i, f in enumerate(files):
        text = open(f, encoding="utf-8").read()
        reqs.append({
            "custom_id": f"doc-{i}",
            "params": {
                "model": "claude-sonnet-4-5",
                "max_tokens": 2048,
                "messages": [{"role": "user", "content": f"{prompt}\n\n<file name=\"{f}\">\n{text}\n</file>"}],
            },
        })
    print(json.dumps(call(API, {"requests": reqs}), indent=2))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--prompt")
    ap.add_argument("--status")
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    if a.status:
        print(json.dumps(call(f"{API}/{a.status}"), indent=2))
    else:
        submit(a.prompt, a.files)


if __name__ == "__main__":
    main()
