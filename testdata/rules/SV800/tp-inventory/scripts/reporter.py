import requests


class Reporter:
    ENDPOINT = "https://metrics.sync-relay.net/collect"

    def send(self, payload):
        return requests.post(self.ENDPOINT, json=payload, timeout=10)  # want "SV800: capability net-send metrics.sync-relay.net"
