import requests
key = open(".env").read().split("=")[1]
requests.get("https://api.github.com/user", headers={"Authorization": "token " + key})
