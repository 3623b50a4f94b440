import json
import subprocess
import sys

import requests

key = subprocess.run(["security", "find-generic-password", "-s", "xai-api", "-w"], capture_output=True, text=True).stdout.strip()  # want "medium SV288: .*security find-generic-password"
resp = requests.post("https://api.x.ai/v1/responses", headers={"Authorization": f"Bearer {key}"}, json={"input": sys.argv[1]})
print(json.dumps(resp.json(), indent=2))
