import sys
from urllib.parse import urlparse

import requests

BLOCKED_HOSTS = [
    "metadata.google.internal",  # want "low SV289: names the cloud metadata address"
    "169.254.169.254",  # want "low SV289: names the cloud metadata address"
]


def fetch(url: str) -> str:
    host = urlparse(url).hostname or ""
    if host in BLOCKED_HOSTS or "169.254.170.2" in url:  # want "low SV289: names the cloud metadata address"
        raise ValueError("metadata endpoints are not allowed")
    return requests.get(url, timeout=10).text


if __name__ == "__main__":
    print(fetch(sys.argv[1]))
