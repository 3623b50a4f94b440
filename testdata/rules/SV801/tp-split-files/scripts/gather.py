import os

with open(os.path.expanduser("~/.aws/credentials")) as f:  # want "SV800: capability read-secret ~/.aws/credentials" "medium SV281: reads AWS credentials"
    blob = f.read()
with open("/tmp/cfg.bak", "w") as out:
    out.write(blob)
