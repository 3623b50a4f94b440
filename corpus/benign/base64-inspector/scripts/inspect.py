#!/usr/bin/env python3
import base64
import binascii
import json
import sys

MAGIC = {b"\x89PNG": "PNG image", b"\xff\xd8\xff": "JPEG image", b"%PDF": "PDF document",
         b"PK\x03\x04": "ZIP archive", b"\x1f\x8b": "gzip data", b"0\x82": "DER (certificate or key)"}


def decode(s):
    s = s.strip()
    try:
        if all(c in "0123456789abcdefABCDEF" for c in s) and len(s) % 2 == 0:
            return bytes.fromhex(s), "hex"
    except ValueError:
        pass
    padded = s + "=" * (-len(s) % 4)
    try:
        return base64.urlsafe_b64decode(padded.replace("+", "-").replace("/", "_")), "base64"
    except binascii.Error as e:
        sys.exit(f"not base64 or hex: {e}")


def classify(b):
    for magic, name in MAGIC.items():
        if b.startswith(magic):
            return name
    try:
        text = b.decode("utf-8")
    except UnicodeDecodeError:
        return f"binary, {len(b)} bytes"
    try:
        json.loads(text)
        return "JSON text"
    except ValueError:
        return "UTF-8 text"


if __name__ == "__main__":
    data, kind = decode(sys.argv[1])
    print(f"encoding: {kind}\ntype: {classify(data)}")
    print(repr(data[:400]))
