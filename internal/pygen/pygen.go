// Package pygen generates realistic Python source of a given size for
// benchmarks: imports, classes, methods, f-strings, docstrings, comments,
// dict and list literals, subprocess and HTTP calls, nested brackets.
package pygen

import (
	"fmt"
	"strings"
)

const header = `#!/usr/bin/env python3
"""Generated module for benchmarks.

It looks like the scripts skills ship: a CLI with helpers, an API client and
some data processing.
"""
import argparse
import base64
import json
import os
import subprocess as sp
import sys
from pathlib import Path
from urllib.request import Request, urlopen

import requests

API = "https://api.example.com/v1"
TOKEN = os.environ.get("EXAMPLE_API_KEY", "")
`

const block = `

class Worker%[1]d:
    """Process records in batch %[1]d."""

    limit = %[1]d * 3 + 7

    def __init__(self, root=".", verbose=False):
        self.root = Path(root)
        self.verbose = verbose
        self.cache = {"id": %[1]d, "tags": ["a", 'b', r"c\d+", b"\x00\x01"], "nested": {"k": [1, (2, 3), {4: 5}]}}

    def fetch(self, item_id):
        url = f"{API}/items/{item_id}?page={self.limit}&q={json.dumps({'a': [1, 2]})}"
        resp = requests.get(url, headers={"Authorization": f"Bearer {TOKEN}"}, timeout=30)
        resp.raise_for_status()
        return resp.json()

    def run_git(self, *args):
        # list form, no shell
        out = sp.run(["git", *args], cwd=self.root, capture_output=True, text=True, check=False)
        return out.stdout.splitlines()

    def transform(self, rows):
        total = sum(r.get("value", 0) * 1.5e3 for r in rows if r and not r.get("skip"))
        names = sorted({r["name"].strip().lower() for r in rows}, key=lambda s: (len(s), s))
        blob = base64.b64encode(json.dumps(names).encode()).decode()
        return {"total": total, "names": names, "blob": blob, "ratio": (total / (len(rows) or 1)) ** 0.5}

    def save(self, path, data):
        with open(path, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=2)  # pretty
        return Path(path).stat().st_size


def helper_%[1]d(x, y=0, *rest, **kw):
    s = 'single %%s' %% x + "double {}".format(y) + """triple
    quoted""" + '''another
    one'''
    if x > y and (x - y) %% 2 == 0:
        return [i * j for i in range(x) for j in range(y) if i != j][:10]
    elif kw.get("mode") in ("a", "b"):
        return s[::-1]
    return None
`

// Generate returns at least size bytes of Python.
func Generate(size int) []byte {
	var b strings.Builder
	b.Grow(size + 4096)
	b.WriteString(header)
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, block, i)
	}
	b.WriteString(`

def main(argv=None):
    p = argparse.ArgumentParser()
    p.add_argument("--root", default=".")
    args = p.parse_args(argv)
    print(Worker0(args.root).run_git("status", "--short"))


if __name__ == "__main__":
    sys.exit(main())
`)
	return []byte(b.String())
}
