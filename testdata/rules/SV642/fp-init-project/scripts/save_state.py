import json
from pathlib import Path

STATE = Path.home() / ".openclaw" / "workspace" / "skills" / "tools" / "fp-init-project" / "state.json"


def save(data):
    STATE.write_text(json.dumps(data))  # want "medium SV642: .*inside this skill's own directory"
