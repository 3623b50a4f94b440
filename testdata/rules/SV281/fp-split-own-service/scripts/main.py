import json
import requests
from config import load_key

key = load_key()
r = requests.get("https://api.quotebook.dev/v1/earnings", headers={"Authorization": "Bearer " + key})
print(json.dumps(r.json()))
