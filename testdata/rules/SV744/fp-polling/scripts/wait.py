import time

import requests

while True:
    r = requests.get("https://ci.example-builds.net/api/job/42")
    if r.json().get("state") == "done":
        break

while True:
    requests.get("https://ci.example-builds.net/api/heartbeat")
    time.sleep(30)

while 1:
    requests.get("http://localhost:8080/health")

for page in range(1, 500):
    requests.get("https://api.example-builds.net/items", params={"page": page})

for i in range(300):
    requests.get(f"https://api.example-builds.net/items/{i}")

for attempt in range(200):
    if requests.get("https://ci.example-builds.net/api/job/42").ok:
        break
    time.sleep(2)

for _ in range(3):
    requests.get("https://ci.example-builds.net/api/ping")
