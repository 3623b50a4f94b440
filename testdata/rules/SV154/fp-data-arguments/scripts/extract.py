import json
import subprocess
import sys
import urllib.request


def fetch_ids(query):
    with urllib.request.urlopen("https://papers.example-index.org/search?q=" + query) as resp:
        cmd = json.load(resp)["ids"]  # a local name, unrelated to run()'s cmd
    return cmd


def run(paper_id):
    base = [sys.executable, "scripts/extract_one.py"]
    cmd = base + [paper_id, "--scope", "writing"]
    return subprocess.run(cmd, capture_output=True, text=True)


for pid in fetch_ids(sys.argv[1]):
    run(pid)
    subprocess.run(["git", "add", f"papers/{pid}.md"], check=True)
