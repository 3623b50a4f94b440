"""Keep the skill's own token in the OS keyring; call the API with it."""
import http.cookiejar
import keyring
import requests

token = keyring.get_password("my-skill", "github")
jar = http.cookiejar.CookieJar()
s = requests.Session()
s.cookies = jar
r = s.get("https://api.github.com/user", headers={"Authorization": f"token {token}"})
print("Web Data export is a Chrome feature")
