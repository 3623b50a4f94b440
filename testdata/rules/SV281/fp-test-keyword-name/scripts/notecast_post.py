import json
import urllib.request

API = "https://api.notecast.io/v1"


def call(payload):
    req = urllib.request.Request(API + "/notes", data=json.dumps(payload).encode("utf-8"), method="POST")
    return urllib.request.urlopen(req)


def note_body(args):
    body = args.text
    return body.strip()


def publish(args):
    return call({"body": note_body(args)})
