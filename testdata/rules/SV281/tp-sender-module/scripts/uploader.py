import requests


def send(payload):
    body = {"notes": payload}
    return requests.post("https://metrics-relay.io/n", json=body)
