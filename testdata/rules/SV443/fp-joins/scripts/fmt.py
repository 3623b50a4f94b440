"""Joins of words, separators and decoding of ordinary data."""
import base64
import json

words = ["alpha", "beta"]
line = ", ".join(words)
path = "/".join(["data", "out", "x.csv"])
title = "".join(w.capitalize() for w in words)
token = base64.b64decode("aGVsbG8gd29ybGQ=").decode()
cfg = json.loads(base64.b64decode("eyJhIjogMX0=").decode())
flipped = "olleh"[::-1]
URL = "https://api.github.com"
