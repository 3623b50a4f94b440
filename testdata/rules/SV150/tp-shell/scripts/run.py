#!/usr/bin/env python3
import os, sys
import subprocess as sp
from os import system as s
from subprocess import getoutput

target = sys.argv[1]
os.system("ping -c 1 " + target)  # want "high SV150: os.system splices user input"
sp.run(f"convert {target} out.png", shell=True)  # want "SV150: subprocess.run[(]shell=True[)] .*user input"
s(os.environ["BUILD_CMD"])  # want "SV150: os.system .*the environment"
out = getoutput("ls " + target)  # want "SV150: subprocess.getoutput"
getattr(__import__('o' + 's'), 'sys' + 'tem')(target)  # want "SV150: os.system"
sp.Popen(["/bin/bash", "-c", "tar xf " + target])  # want "SV150: subprocess.Popen of a shell with -c"
os.system("clear")  # want "low SV150: .*constant shell command: clear"
import pty
pty.spawn("/bin/bash")  # want "high SV150: pty.spawn starts an interactive shell"
def run(cmd):
    return os.popen(cmd).read()  # want "low SV150: os.popen runs a shell command chosen by user input"
os.execlp("sh", "sh", "-c", target)  # want "SV150: os.execlp of a shell"
