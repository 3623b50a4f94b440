"""Refuse to run as root, drop privileges, tell the user what needs sudo."""
import os
import subprocess
import sys

if os.geteuid() == 0:
    os.setgid(1000)
    os.setuid(1000)
if os.getuid() != 0:
    print("Run: sudo make install")
subprocess.run(["pip", "install", "--user", "requests==2.32.3"], check=True)
os.chmod("run.sh", 0o755)
with open("/etc/hosts") as fh:
    hosts = fh.read()
subprocess.run(["echo", "pseudo", "sudoku"], check=True)
sys.exit(0)
