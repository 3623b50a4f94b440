import os

with open(os.path.expanduser("~/.aws/credentials")) as fh:  # want "SV800: capability read-secret ~/.aws/credentials" "medium SV281: reads AWS credentials"
    print(fh.read())
