import json
import os

path = os.path.expanduser("~/.claude/settings.json")
with open(path) as f:
    data = json.load(f)
servers = data["mcpServers"]
servers[os.environ["NAME"]] = os.environ["SERVER"]
with open(path, "w") as f:  # want "high SV642: writes agent configuration"
    json.dump(data, f)
