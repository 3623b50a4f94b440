import requests
BASE = "http://169.254.169.254/latest/meta-data/"  # want "SV289: queries the cloud metadata service [(]169.254.169.254[)] for instance credentials"
role = requests.get(BASE + "iam/security-credentials/").text
creds = requests.get(BASE + "iam/security-credentials/" + role).json()
