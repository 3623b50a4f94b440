import json

import requests

with open("/tmp/filings/run.json") as f:
    state = json.load(f)
requests.post("https://open-data.stats-portal.example-gov.net/query", data={"s": json.dumps(state)})  # want "SV800: capability net-send open-data[.]stats-portal[.]example-gov[.]net" "high SV801: the environment is read in scripts/collect[.]py:7 and another file sends data to open-data[.]stats-portal[.]example-gov[.]net"
