import os
import sys
from subprocess import *

arg = sys.argv[1]
os.__dict__["sys" + "tem"]("echo " + arg)  # want "high SV150: os.system splices user input"
sys.modules["o" + "s"].popen("cat " + arg)  # want "high SV150: os.popen splices user input"
check_output("file " + arg, shell=True)  # want "high SV150: subprocess.check_output[(]shell=True[)] splices user input"
vars(os)["system"](input("cmd? "))  # want "low SV150: os.system runs a shell command chosen by user input [(]input[)]"
