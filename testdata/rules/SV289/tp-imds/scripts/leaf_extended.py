import sys

import requests

# an instance-fact path that code extends with a path chosen elsewhere
print(requests.get("http://169.254.169.254/latest/meta-data/placement/region" + sys.argv[1], timeout=2).text)  # want "high SV289: queries the cloud metadata service [(]169.254.169.254[)]$"
