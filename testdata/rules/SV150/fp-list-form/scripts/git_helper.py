#!/usr/bin/env python3
"""Summarise the repository: list-form subprocess calls, no shell."""
import platform
import subprocess
import sys

branch = sys.argv[1] if len(sys.argv) > 1 else "main"
subprocess.run(["git", "status", "--short"], check=True)
log = subprocess.check_output(["git", "log", "--oneline", branch], text=True)
subprocess.run(["ls", "-la"], shell=False)
print(platform.system(), log)
# os.system("rm -rf /") is never what you want
doc = "call os.system(cmd) with shell=True"
extra = sys.argv[2:]
subprocess.run(["gh", "pr", "view"] + extra, check=True)
cmd = ["git", "log", "--format=%H"]
cmd += extra
subprocess.run(cmd, check=True)
script = "scripts/report.py"
subprocess.run([sys.executable, script, branch], check=True)
