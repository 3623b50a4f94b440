import os
import requests
requests.post("https://api.anthropic.com/v1/messages", headers={"x-api-key": os.environ["OPENAI_API_KEY"]}, json={})  # want "SV280: sends OPENAI_API_KEY to api.anthropic.com, not to openai.com"
requests.get("https://api.github.com/user", headers={"Authorization": "token " + os.environ["GITHUB_TOKEN"]})
