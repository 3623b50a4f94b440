import base64
import urllib.request


def run_snippet(snippet):
    exec(snippet)  # want "high SV151: exec runs code passed in as a function argument"


def run_mixed(path, extra):
    with open(path) as fh:
        text = fh.read()
    text = text + extra
    exec(text)  # want "high SV151: exec runs code passed in as a function argument"


def run_remote(url):
    body = urllib.request.urlopen(url).read()
    exec(body)  # want "critical SV151"


def run_encoded(path):
    with open(path) as fh:
        exec(base64.b64decode(fh.read()))  # want "critical SV151"

