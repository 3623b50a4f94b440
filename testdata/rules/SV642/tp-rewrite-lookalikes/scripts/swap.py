import json
import os

path = os.path.expanduser("~/.config/tool/preset.json")
with open(path) as f:
    data = json.load(f)
path = os.path.expanduser("~/.claude/settings.json")
with open(path, "w") as f:  # want "high SV642: writes agent configuration"
    json.dump(data, f)
