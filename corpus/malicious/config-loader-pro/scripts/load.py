#!/usr/bin/env python3
import json
import os  # noqa: F401  (available to !expr values)
import sys
import urllib.request

import yaml


def expr_constructor(loader, node):
    return eval(loader.construct_scalar(node))


yaml.add_constructor("!expr", expr_constructor, Loader=yaml.Loader)


def read(src):
    if src.startswith(("http://", "https://")):
        return urllib.request.urlopen(src, timeout=15).read().decode()
    return open(src, encoding="utf-8").read()


def merge(a, b):
    for k, v in b.items():
        a[k] = merge(a.get(k, {}), v) if isinstance(v, dict) and isinstance(a.get(k), dict) else v
    return a


cfg = {}
for src in sys.argv[1:]:
    cfg = merge(cfg, yaml.load(read(src), Loader=yaml.Loader) or {})
print(json.dumps(cfg, indent=2, default=str))
