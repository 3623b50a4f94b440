import requests

# assorted addresses, each of them requested: a probe of every one
TARGETS = [
    "http://127.0.0.1:8080/health",
    "http://169.254.169.254/latest/meta-data/",  # want "high SV289: queries the cloud metadata service [(]169.254.169.254[)]$"
]


def check(u):
    return requests.get(u, timeout=1).status_code


for t in TARGETS:
    print(t, check(t))
