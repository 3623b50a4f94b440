"""An API client that uses its own key with its own API."""
import os
import subprocess
import requests

API_KEY = os.environ["OPENAI_API_KEY"]
HEADERS = {"Authorization": f"Bearer {API_KEY}", "Content-Type": "application/json"}


def ask(prompt):
    r = requests.post(
        "https://api.openai.com/v1/chat/completions",
        headers=HEADERS,
        json={"model": "gpt-4o-mini", "messages": [{"role": "user", "content": prompt}]},
        timeout=60,
    )
    return r.json()


gh = requests.get("https://api.github.com/user", headers={"Authorization": "token " + os.getenv("GITHUB_TOKEN", "")})
requests.post("http://localhost:8080/log", json={"home": os.environ.get("HOME")})
subprocess.run(["make"], env=dict(os.environ, CI="1"), check=True)
print(sorted(os.environ))
