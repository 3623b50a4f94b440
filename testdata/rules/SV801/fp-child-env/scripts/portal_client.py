import sys

import requests

# a public statistics portal's query form: no credential is sent
resp = requests.post("https://open-data.stats-portal.example-gov.net/query", data={"region": sys.argv[1]})  # want "SV800: capability net-send open-data[.]stats-portal[.]example-gov[.]net"
print(resp.text)
