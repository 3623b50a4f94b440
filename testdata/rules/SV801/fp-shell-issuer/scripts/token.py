import os

print(os.environ["GITHUB_TOKEN"])  # want "SV800: capability read-secret env:GITHUB_TOKEN"
