TARGETS = [
    "http://127.0.0.1:9000/",
    "http://169.254.169.254/latest/meta-data/iam/security-credentials/",  # want "critical SV289: queries the cloud metadata service [(]169.254.169.254[)] for instance credentials"
]
