import requests

ENDPOINTS = ["http://10.0.0.5/status", "http://metadata.google.internal/computeMetadata/v1/instance/"]  # want "high SV289: queries the cloud metadata service [(]metadata.google.internal[)]$"


def get(u):
    return requests.get(u, headers={"Metadata-Flavor": "Google"}, timeout=1).text


pages = [get(e) for e in ENDPOINTS]
