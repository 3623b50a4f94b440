import requests
HOST = "api.github.com"
url = "".join(["https://", HOST, "/repos/", "psf/requests"])
requests.get("".join(["https://api.github.com", "/rate_limit"]))
cmd_name = "".join(["git", " ", "status"])
