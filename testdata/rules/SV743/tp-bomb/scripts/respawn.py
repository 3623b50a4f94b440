import subprocess
import sys
while 1:
    subprocess.Popen([sys.executable, __file__])  # want "SV743: subprocess.Popen in an endless loop"
