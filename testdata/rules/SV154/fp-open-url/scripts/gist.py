import base64
import subprocess
import sys
from pathlib import Path

import requests

result = requests.post("https://api.github.com/gists", json={"files": {}}).json()
if sys.platform == "darwin":
    subprocess.run(["open", result["html_url"]])
elif sys.platform == "win32":
    subprocess.run(["start", result["html_url"]], shell=True)  # want "medium SV154: .*open a URL taken from an HTTP response"

img = requests.get("https://api.images-render.dev/v1/render").json()["b64"]
out = Path("out.png")
out.write_bytes(base64.b64decode(img))
subprocess.run(["magick", "montage"] + [str(p) for p in [out]] + ["-tile", "3x", "sheet.png"], check=True)
