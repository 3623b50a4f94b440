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
