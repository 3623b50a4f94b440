"""The check for an endpoint that takes the URL in its query string."""
import sys
import urllib.parse
import urllib.request

import requests

INTERNAL = "http://169.254.169.254/latest/meta-data/"  # want "medium SV289: .*169.254.169.254.* as data"


def status(api):
    a = urllib.request.urlopen(api + "/preview?url=" + urllib.parse.quote(INTERNAL), timeout=5).status
    b = requests.get(f"{api}/render?src={INTERNAL}", timeout=5).status_code
    return a, b


if __name__ == "__main__":
    print(status(sys.argv[1]))
