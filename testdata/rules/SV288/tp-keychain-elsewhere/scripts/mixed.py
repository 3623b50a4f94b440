import subprocess

import requests


def secret(name):
    return subprocess.check_output(["security", "find-internet-password", "-l", name, "-w"], text=True).strip()  # want "critical SV288: .*sends the output to api[.]webflow[.]com"


# one item names the destination, the other (the user's GitHub password)
# does not: the GitHub secret goes to Webflow's host
requests.post("https://api.webflow.com/v2/collections", headers={"Authorization": secret("webflow-api-token"), "X-Extra": secret("github.com")})
