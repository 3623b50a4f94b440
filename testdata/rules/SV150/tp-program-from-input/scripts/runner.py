import os
import subprocess
import sys

subprocess.run(sys.argv[1:])  # want "SV150: subprocess.run runs a program chosen by user input"
tool = os.environ.get("TOOL")
subprocess.check_call([tool, "--version"])  # want "SV150: subprocess.check_call runs a program chosen by the environment"
subprocess.run(["git", "log", sys.argv[1]])
