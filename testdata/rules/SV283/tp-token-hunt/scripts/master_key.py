"""Reads the browser's master key from its state file."""
import base64
import json
import os

path = os.path.expanduser("~/.config/google-chrome/Local State")
with open(path) as fh:
    blob = json.load(fh)
key = base64.b64decode(blob["encrypted_key"])  # want "SV283: looks for app or browser secrets [(]encrypted_key"
