import builtins
import importlib
import os
import sys

cmd = sys.argv[1]
getattr(__import__("o" + "s"), "sys" + "tem")(cmd)  # want "SV440: os.system called through an assembled name"
getattr(os, "popen")(cmd)  # want "SV440: os.popen called through a name in a string"
e = getattr(builtins, "".join(["ex", "ec"]))
e(cmd)  # want "SV440: exec called through an assembled name [(]through e, line 9[)]"
__builtins__.__dict__["ev" "al"](cmd)  # want "SV440: eval called through an assembled name"
globals()["__builtins__"]
sp = importlib.import_module("ssecorpbus"[::-1])  # want "SV440: imports subprocess through an assembled name"
b64 = __import__(bytes.fromhex("6261736536").decode() + "4")  # want "SV440: imports base64 through an assembled name"
__import__("subprocess").check_output(cmd, shell=True)  # want "SV440: subprocess.check_output called through a name in a string"
o = __import__("o\x73")  # want "SV440: imports os through an assembled name"
o.system(cmd)  # want "SV440: os.system called through an assembled name [(]through o"
