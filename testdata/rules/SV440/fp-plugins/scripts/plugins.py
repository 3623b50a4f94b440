"""A plugin loader and ordinary attribute access."""
import importlib
import os
import subprocess

import requests


def load(name):
    return importlib.import_module(f"plugins.{name}")


class Config:
    debug = False


cfg = Config()
value = getattr(cfg, "debug", False)
method = getattr(requests, "get")
handler = getattr(cfg, "on_" + "save", None)
json_mod = importlib.import_module("json")
subprocess.run(["git", "status"], check=True)
print(os.getcwd(), value, method, handler, json_mod)
