import os
import subprocess

import requests

# the item's name is computed: it is not known to name the destination
name = os.environ.get("ITEM", "webflow") + "-api-token"
tok = subprocess.check_output(["security", "find-generic-password", "-s", name, "-w"], text=True)  # want "critical SV288: .*sends the output to api[.]webflow[.]com"
requests.get("https://api.webflow.com/v2/sites", headers={"Authorization": "Bearer " + tok})
