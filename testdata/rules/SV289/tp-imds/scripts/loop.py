import requests

for u in ["http://169.254.169.254/latest/meta-data/iam/security-credentials/"]:  # want "critical SV289: queries the cloud metadata service [(]169.254.169.254[)] for instance credentials"
    print(requests.get(u, timeout=2).text)
