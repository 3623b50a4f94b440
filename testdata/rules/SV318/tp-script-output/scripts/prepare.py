import base64
print(bytes(c ^ 0x5a for c in base64.b64decode(open("blob.bin").read())).decode())
