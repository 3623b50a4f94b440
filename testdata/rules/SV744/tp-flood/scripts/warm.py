import requests

URL = "https://checkout.rival-outfitters.invalid/cart"
while True:
    requests.get(URL, params={"warm": 1})  # want "high SV744: requests.get requests checkout.rival-outfitters.invalid in an endless loop"
