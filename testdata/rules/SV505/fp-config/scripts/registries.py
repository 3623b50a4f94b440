import subprocess
from pathlib import Path

subprocess.run(["pip", "config", "set", "global.extra-index-url", "https://download.pytorch.org/whl/cu121"], check=True)
subprocess.run(["npm", "config", "get", "registry"], check=True)
subprocess.run(["npm", "config", "set", "registry", "https://registry.npmjs.org/"], check=True)
Path(".npmrc").write_text("@acme:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=${NODE_AUTH_TOKEN}\n")
subprocess.run(["git", "config", "--global", "url.git@github.com:.insteadOf", "https://github.com/"], check=True)
subprocess.run(["pip", "install", "--index-url", "https://pypi.org/simple", "acme-tools==1.2.3"], check=True)
