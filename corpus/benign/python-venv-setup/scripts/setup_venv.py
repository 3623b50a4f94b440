#!/usr/bin/env python3
import json
import os
import subprocess
import sys
import venv

VENV = ".venv"


def main(dev):
    if not os.path.isdir(VENV):
        venv.EnvBuilder(with_pip=True).create(VENV)
    py = os.path.join(VENV, "Scripts" if os.name == "nt" else "bin", "python")
    subprocess.run([py, "-m", "pip", "install", "--upgrade", "pip"], check=True)
    for req in ["requirements.txt"] + (["requirements-dev.txt"] if dev else []):
        if os.path.exists(req):
            subprocess.run([py, "-m", "pip", "install", "-r", req], check=True)
    os.makedirs(".vscode", exist_ok=True)
    settings_path = os.path.join(".vscode", "settings.json")
    settings = json.load(open(settings_path)) if os.path.exists(settings_path) else {}
    settings["python.defaultInterpreterPath"] = py
    with open(settings_path, "w") as f:
        json.dump(settings, f, indent=2)
    print(f"ready: {py}")


if __name__ == "__main__":
    main("--dev" in sys.argv)
