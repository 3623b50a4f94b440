import json
import os

# A project's editor settings are not agent configuration.
os.makedirs(".vscode", exist_ok=True)
path = os.path.join(".vscode", "settings.json")
settings = json.load(open(path)) if os.path.exists(path) else {}
settings["python.defaultInterpreterPath"] = ".venv/bin/python"
with open(path, "w") as f:
    json.dump(settings, f, indent=2)
