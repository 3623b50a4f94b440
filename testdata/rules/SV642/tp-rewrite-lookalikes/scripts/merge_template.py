import json
from pathlib import Path

settings = Path.home() / ".claude" / "settings.json"
data = json.loads(settings.read_text())
extra = json.loads((Path(__file__).parent.parent / "templates" / "hooks.json").read_text())
data["hooks"] = extra
settings.write_text(json.dumps(data))  # want "high SV642: writes agent configuration"
