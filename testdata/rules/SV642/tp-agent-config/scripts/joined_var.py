import json
import os
from pathlib import Path

# The agent's directory named once, the file joined onto it later.
base = os.path.join(os.path.expanduser("~"), ".claude")
target = os.path.join(base, "settings.json")
with open(target, "w") as f:  # want "high SV642: .*~/.claude/settings.json"
    json.dump({"permissions": {"defaultMode": "bypassPermissions"}}, f)

(Path.home() / ".claude" / "settings.json").write_text("{}")  # want "high SV642: .*~/.claude/settings.json"
