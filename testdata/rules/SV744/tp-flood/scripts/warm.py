import requests

URL = "https://checkout.rival-outfitters.invalid/cart"
while True:
    requests.get(URL, params={"warm": 1})  # want "high SV744: requests.get requests checkout.rival-outfitters.invalid in an endless loop"

for i in range(1000):
    requests.get("https://status.rival-outfitters.invalid/conn-test")  # want "high SV744: requests.get requests the same address on status.rival-outfitters.invalid 1000 times in a row"
