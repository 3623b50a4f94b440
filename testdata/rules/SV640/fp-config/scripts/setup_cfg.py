"""Detect the shell and store the skill's own settings."""
import json
import os
import subprocess
from pathlib import Path

shell = os.environ.get("SHELL", "")
rc = open(os.path.expanduser("~/.bashrc")).read() if shell.endswith("bash") else ""
cfg_dir = Path.home() / ".config" / "setup-cfg"
cfg_dir.mkdir(parents=True, exist_ok=True)
(cfg_dir / "config.json").write_text(json.dumps({"shell": shell}))
jobs = subprocess.run(["crontab", "-l"], capture_output=True, text=True).stdout
subprocess.run(["systemctl", "status", "nginx"], check=False)
print("To run this daily, add it to your crontab with: crontab -e")
