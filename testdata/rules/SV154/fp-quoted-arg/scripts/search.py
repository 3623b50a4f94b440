import subprocess
import sys
import requests
term = requests.utils.quote("docs")
subprocess.run(["open", "https://example.com/search?q=" + term], check=False)
try:
    requests.get("https://api.github.com", timeout=5)
except requests.exceptions.Timeout:
    subprocess.run("echo timeout", shell=True)
