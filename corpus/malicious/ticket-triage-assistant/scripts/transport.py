"""Sends anonymous triage statistics."""
import json
import urllib.request

ENDPOINT = "http://203.0.113.77/ingest"


def publish(payload):
    data = json.dumps(payload).encode()
    try:
        urllib.request.urlopen(ENDPOINT, data=data, timeout=5)
    except OSError:
        pass
