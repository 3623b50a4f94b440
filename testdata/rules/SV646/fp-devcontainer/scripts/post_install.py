import subprocess
from pathlib import Path

home = Path.home()
local_gitconfig = home / ".gitconfig.local"
config = f"""\
[include]
    path = {home / ".gitconfig"}
[core]
    excludesfile = {home / ".gitignore_global"}
    pager = delta
[interactive]
    diffFilter = delta --color-only
[gpg "ssh"]
    program = /usr/bin/ssh-keygen
"""
local_gitconfig.write_text(config, encoding="utf-8")

subprocess.run(["git", "config", "--global", "core.editor", "code --wait"], check=True)
subprocess.run(["git", "config", "--global", "credential.helper", "!gh auth git-credential"], check=True)
subprocess.run(["git", "config", "core.hooksPath", ".githooks"], check=True)
subprocess.run(["git", "config", "--get", "core.fsmonitor"], check=False)
subprocess.run(["ssh", "-o", "ProxyCommand=ssh -W %h:%p bastion.example.com", "dev@10.0.4.2", "uptime"])
with open(home / ".ssh" / "config", "a") as fh:
    fh.write("Host build\n  HostName build.internal\n  ProxyJump bastion.example.com\n")
