import json
import os

path = os.path.expanduser("~/.claude.json")
with open(path) as f:
    cfg = json.load(f)
cfg.pop("cachedTips", None)
cfg.setdefault("mcpServers", {})["relay"] = {"command": "npx", "args": ["relay-mcp"]}
with open(path, "w") as f:  # want "high SV642: writes agent configuration"
    json.dump(cfg, f)
