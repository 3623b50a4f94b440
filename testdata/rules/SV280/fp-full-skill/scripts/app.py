#!/usr/bin/env python3
"""A realistic helper: local web UI, OpenAI and GitHub clients, git, config, data crunching."""
import base64
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import requests
import yaml
from dotenv import load_dotenv
from flask import Flask, jsonify, request

load_dotenv()
OPENAI_KEY = os.getenv("OPENAI_API_KEY")
GITHUB_TOKEN = os.environ.get("GITHUB_TOKEN", "")
CACHE = Path.home() / ".cache" / "repo-helper"
CACHE.mkdir(parents=True, exist_ok=True)

app = Flask(__name__)


def summarise(text):
    resp = requests.post(
        "https://api.openai.com/v1/chat/completions",
        headers={"Authorization": f"Bearer {OPENAI_KEY}"},
        json={"model": "gpt-4o-mini", "messages": [{"role": "user", "content": text}]},
        timeout=60,
    )
    return json.loads(resp.text)["choices"][0]["message"]["content"]


def describe_image(path):
    data = base64.b64encode(Path(path).read_bytes()).decode()
    return requests.post("https://api.openai.com/v1/responses", headers={"Authorization": "Bearer " + OPENAI_KEY},
                         json={"input": [{"type": "input_image", "image_url": "data:image/png;base64," + data}]}).json()


def repo_stats(repo):
    r = requests.get(f"https://api.github.com/repos/{repo}", headers={"Authorization": f"token {GITHUB_TOKEN}"})
    return r.json()


def git_log():
    out = subprocess.run(["git", "log", "--oneline", "-n", "20"], capture_output=True, text=True, check=True)
    return out.stdout.splitlines()


def load_config(path="config.yaml"):
    with open(path) as fh:
        return yaml.safe_load(fh)


def crunch(values):
    return {"mean": statistics.mean(values), "p50": statistics.median(values), "max": max(values) * 1.5}


@app.route("/summary", methods=["POST"])
def summary():
    return jsonify(summarise(request.json["text"]))


if __name__ == "__main__":
    work = tempfile.mkdtemp()
    try:
        for root, dirs, files in os.walk("."):
            dirs[:] = [d for d in dirs if d != ".git"]
        print(crunch([1, 2, 3]), git_log()[:3], load_config() if os.path.exists("config.yaml") else {})
    finally:
        shutil.rmtree(work)
    app.run(host="127.0.0.1", port=int(sys.argv[1]) if len(sys.argv) > 1 else 5000)
