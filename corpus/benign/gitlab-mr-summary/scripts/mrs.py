#!/usr/bin/env python3
import json
import os
import subprocess
import sys
import urllib.parse
import urllib.request


def api(path):
    base = os.environ.get("GITLAB_URL", "https://gitlab.com").rstrip("/")
    token = os.environ.get("GITLAB_TOKEN")
    if not token:
        sys.exit("GITLAB_TOKEN is not set")
    req = urllib.request.Request(f"{base}/api/v4{path}", headers={"PRIVATE-TOKEN": token})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.load(r)


def main(project):
    pid = urllib.parse.quote(project, safe="")
    for mr in api(f"/projects/{pid}/merge_requests?state=opened&per_page=50"):
        status = (mr.get("head_pipeline") or {}).get("status", "none")
        print(f"!{mr['iid']}\t{mr['created_at'][:10]}\t{status}\t{mr['title']}")
    branch = subprocess.run(["git", "branch", "--show-current"], capture_output=True, text=True).stdout.strip()
    if branch:
        print(f"\nlocal branch {branch}:")
        subprocess.run(["git", "diff", "--stat", "origin/HEAD...HEAD"], check=False)


if __name__ == "__main__":
    main(sys.argv[1])
