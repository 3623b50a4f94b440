"""A supervisor that waits for its child, and a loop that stops."""
import os
import subprocess
import sys
import time

while True:
    child = subprocess.Popen([sys.executable, "worker.py"])
    child.wait()
    time.sleep(5)
while True:
    pid = os.fork()
    if pid == 0:
        break
    os.waitpid(pid, 0)
