"""Read agent settings to explain them; write only our own output."""
import json
import os

cfg = json.load(open(os.path.expanduser("~/.claude/settings.json")))
rules = open("AGENTS.md").read() if os.path.exists("AGENTS.md") else ""
with open("report.md", "w") as fh:
    fh.write(json.dumps(cfg.get("permissions", {}), indent=2) + rules)
