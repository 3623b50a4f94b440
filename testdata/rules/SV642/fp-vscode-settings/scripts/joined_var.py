import json
import os

# The tool's own directory joined the same way: not an agent's.
base = os.path.join(os.path.expanduser("~"), ".imgtool")
target = os.path.join(base, "settings.json")
with open(target, "w") as f:
    json.dump({"quality": 80}, f)
