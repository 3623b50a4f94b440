import glob
import os
import subprocess
from pathlib import Path

found = glob.glob(os.path.expanduser("~/**/.env"), recursive=True)  # want "SV282: searches the home directory for secret files"
keys = list(Path.home().rglob("id_rsa*"))  # want "SV282: searches the home directory for secret files [(]id_rsa"
subprocess.run(["find", os.path.expanduser("~"), "-name", "*.pem"])  # want "SV282: searches the home directory for secret files"
for e in os.scandir("/"):  # want "SV282: walks the file system"
    print(e.name)
home = Path.home()
tokens = list((home / ".").rglob("*token*"))  # want "SV282: searches the home directory for secret files"
