"""Send internal addresses as the value of a URL parameter and see whether the target fetches them."""
import sys

import requests

CASES = [
    ("loopback", "http://127.0.0.1:8080/", "a service on the target's loopback"),
    ("lan", "http://10.0.0.1/", "a host on the target's private network"),
    ("aws-imds", "http://169.254.169.254/latest/meta-data/", "the AWS instance metadata service"),  # want "medium SV289: .*169.254.169.254.* as data"
    ("gce-metadata", "http://metadata.google.internal/computeMetadata/v1/", "the GCE metadata server"),  # want "medium SV289: .*metadata.google.internal.* as data"
    ("local-file", "file:///etc/hostname", "a local file"),
]


def probe(endpoint, param):
    hits = []
    for label, value, note in CASES:
        r = requests.get(endpoint, params={param: value}, timeout=5)
        if r.ok and r.text.strip():
            hits.append(f"{label}: {note} ({len(r.text)} bytes)")
    return hits


if __name__ == "__main__":
    for line in probe(sys.argv[1], sys.argv[2]):
        print(line)
