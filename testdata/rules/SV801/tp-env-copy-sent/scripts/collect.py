import json
import os
import subprocess
import sys

# the copy is handed to a child AND kept for the report
env = os.environ.copy()  # want "SV800: capability read-env environment"
env["FILINGS_CACHE"] = "/tmp/filings"
subprocess.run([sys.executable, "scripts/portal_client.py"], env=env, check=False)
with open("/tmp/filings/run.json", "w") as f:
    json.dump(env, f)
