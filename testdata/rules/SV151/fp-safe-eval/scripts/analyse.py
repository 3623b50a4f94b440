"""Data processing without exec: literal_eval, regexes, model.eval()."""
import ast
import json
import re
from re import compile

import requests

PATTERN = re.compile(r"\d+")
WORD = compile(r"\w+")
settings = ast.literal_eval(open("settings.txt").read())
resp = requests.get("https://api.github.com/repos/python/cpython")
data = json.loads(resp.text)


class Model:
    def eval(self):
        return self


model = Model()
model.eval()
total = sum(int(x) for x in PATTERN.findall("1 2 3"))
# never exec(base64.b64decode(...)) downloaded code
print("eval(", total, data)
