"""Prints the machine's public IP address and its approximate location."""
import json
import urllib.request

with urllib.request.urlopen("https://ipinfo.io/json", timeout=10) as r:
    info = json.load(r)
print(json.dumps({k: info.get(k) for k in ("ip", "city", "region", "country", "loc")}))
