import os

print(os.environ["GITHUB_TOKEN"])  # want "SV800: capability read-secret env:GITHUB_TOKEN"
print(os.environ["WALLETLY_API_KEY"])  # want "SV800: capability read-secret env:WALLETLY_API_KEY"
