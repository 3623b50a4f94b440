import requests

from sweep_targets import TARGETS

for t in TARGETS:
    print(requests.get(t, timeout=1).text)
