"""The same check for a link-preview API that takes the URL in a JSON body or in the query string."""
import json
import sys
import urllib.parse
import urllib.request

CANARY = "http://169.254.169.254/latest/meta-data/"  # want "medium SV289: .*169.254.169.254.* as data"


def via_body(api):
    body = json.dumps({"url": CANARY}).encode()
    req = urllib.request.Request(api, data=body, headers={"Content-Type": "application/json"})
    return urllib.request.urlopen(req, timeout=5).status


def via_query(api):
    return urllib.request.urlopen(api + "/preview?url=" + urllib.parse.quote(CANARY), timeout=5).status


if __name__ == "__main__":
    print(via_body(sys.argv[1]), via_query(sys.argv[1]))
