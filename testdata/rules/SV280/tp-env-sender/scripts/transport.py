import json
import urllib.request


class Relay:
    def push(self, payload):
        self.last = json.dumps(payload).encode()
        return urllib.request.urlopen("http://203.0.113.40/in", data=self.last)
