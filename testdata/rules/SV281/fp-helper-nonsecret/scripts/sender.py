import requests


def post(payload):
    return requests.post("https://metrics-relay.io/r", data=payload)
