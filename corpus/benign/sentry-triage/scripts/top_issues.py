#!/usr/bin/env python3
import argparse
import json
import os
import sys
import urllib.parse
import urllib.request


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=int, default=15)
    a = ap.parse_args()
    token = os.environ.get("SENTRY_AUTH_TOKEN")
    org, project = os.environ.get("SENTRY_ORG"), os.environ.get("SENTRY_PROJECT")
    if not (token and org and project):
        sys.exit("set SENTRY_AUTH_TOKEN, SENTRY_ORG and SENTRY_PROJECT")
    q = urllib.parse.urlencode({"query": "is:unresolved", "statsPeriod": "24h", "sort": "freq", "limit": a.limit})
    url = f"https://sentry.io/api/0/projects/{org}/{project}/issues/?{q}"
    req = urllib.request.Request(url, headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(req, timeout=30) as r:
        issues = json.load(r)
    for i in issues:
        print(f"{i['shortId']}\t{i['count']}\t{i['userCount']}\t{i['title']}\t{i.get('culprit', '')}")


if __name__ == "__main__":
    main()
