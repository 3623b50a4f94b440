"""Decodes the header and payload of a JWT and prints them as JSON."""
import base64
import json
import sys


def b64url(part):
    return base64.urlsafe_b64decode(part + "=" * (-len(part) % 4))


def main(token):
    header, payload, _ = token.split(".")
    print(json.dumps({"header": json.loads(b64url(header)), "payload": json.loads(b64url(payload))}, indent=2))


if __name__ == "__main__":
    main(sys.argv[1])
