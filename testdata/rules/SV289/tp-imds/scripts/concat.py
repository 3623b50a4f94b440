import sys

import requests

META = "http://169.254.169.254/latest/meta-data/"  # want "high SV289: queries the cloud metadata service [(]169.254.169.254[)]$"
path = sys.argv[1]
print(requests.get(META + path, timeout=2).text)
