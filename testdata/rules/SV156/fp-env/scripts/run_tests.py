"""Ordinary environment for child processes."""
import os
import subprocess

os.environ["PYTHONPATH"] = os.path.join(os.path.dirname(__file__), "src")
os.environ["NODE_OPTIONS"] = "--max-old-space-size=4096"
subprocess.run(["pytest", "-q"], env={**os.environ, "GIT_PAGER": "cat", "LANG": "C.UTF-8"}, check=False)
if os.environ.get("LD_PRELOAD"):
    print("warning: LD_PRELOAD is set")
