"""Known APIs, localhost and the project's own configured endpoint."""
import os
import requests

requests.post("https://api.github.com/repos/o/r/issues", json={"title": "x"})
requests.get("https://pypi.org/pypi/requests/json")
requests.post("http://127.0.0.1:5000/api", json={"ok": True})
endpoint = os.environ.get("REPORT_URL", "https://reports.example.com")
requests.post(endpoint, json={"ok": True})
print("Do not paste secrets into https://pastebin.com")
