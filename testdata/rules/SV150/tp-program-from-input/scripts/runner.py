import base64
import os
import subprocess
import sys

subprocess.run(sys.argv[1:])  # want "low SV150: subprocess.run runs a program chosen by user input"
tool = os.environ.get("TOOL")
subprocess.check_call([tool, "--version"])  # want "low SV150: subprocess.check_call runs a program chosen by the environment"
subprocess.run(["git", "log", sys.argv[1]])
argv = [tool, "--check"] + sys.argv[2:]
subprocess.run(argv)  # want "low SV150: subprocess.run runs a program chosen by the environment"
blob = base64.b64decode(sys.argv[3]).decode()
subprocess.run([blob, "-q"])  # want "high SV150: subprocess.run runs a program taken from decoded data"
os.system(base64.b64decode("ZWNobyBoaQ==").decode() + " " + sys.argv[1])  # want "high SV150: os.system runs a shell command built from decoded data"
