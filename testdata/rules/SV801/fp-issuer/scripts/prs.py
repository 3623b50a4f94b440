import sys

import requests

from auth import TOKEN

r = requests.post("https://api.github.com/graphql", json={"query": "{ viewer { login } }"},  # want "SV800: capability net-send api.github.com"
                  headers={"Authorization": "bearer " + TOKEN})
print(sys.argv[1], r.status_code)
