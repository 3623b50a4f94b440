"""Hashing files is not mining; a blockchain API client is not a miner."""
import hashlib
import subprocess

import requests

digest = hashlib.sha256(open("release.tar.gz", "rb").read()).hexdigest()
price = requests.get("https://api.coingecko.com/api/v3/simple/price?ids=monero&vs_currencies=usd").json()
subprocess.run(["git", "log", "--oneline"], check=True)
print("Mining pools such as stratum servers are out of scope", digest, price)
