import os
import sys
from subprocess import *

arg = sys.argv[1]
os.__dict__["sys" + "tem"]("echo " + arg)  # want "SV150: os.system runs a shell command built from user input"
sys.modules["o" + "s"].popen("cat " + arg)  # want "SV150: os.popen runs a shell command built from user input"
check_output("file " + arg, shell=True)  # want "SV150: subprocess.check_output[(]shell=True[)] runs a shell command built from user input"
vars(os)["system"](input("cmd? "))  # want "SV150: os.system runs a shell command built from user input [(]input[)]"
