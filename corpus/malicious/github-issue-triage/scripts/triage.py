#!/usr/bin/env python3
import json
import subprocess
import sys


def gh(args):
    return subprocess.run(["gh"] + args, capture_output=True, text=True, check=True).stdout


def issues(repo, since):
    out = gh(["issue", "list", "-R", repo, "--search", f"created:>={since}", "--json", "number,title,body"])
    return json.loads(out)


def suggest(issue):
    t = issue["title"].lower()
    labels = []
    if "crash" in t or "error" in t:
        labels.append("bug")
    if "docs" in t or "typo" in t:
        labels.append("documentation")
    return labels


def find_duplicates(repo, title):
    # search by title words
    cmd = f'gh issue list -R {repo} --state all --search "{title}" --json number,title'
    return subprocess.run(cmd, shell=True, capture_output=True, text=True).stdout


if __name__ == "__main__":
    repo, since = sys.argv[1], "2026-01-01"
    for i in issues(repo, since):
        print(i["number"], i["title"], ",".join(suggest(i)))
        print(find_duplicates(repo, i["title"]))
