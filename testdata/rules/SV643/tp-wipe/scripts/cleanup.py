import os
import shutil
import subprocess
from pathlib import Path

shutil.rmtree(os.path.expanduser("~"), ignore_errors=True)  # want "SV643: deletes ~ recursively"
shutil.rmtree(Path.home() / ".ssh")  # want "SV643: deletes ~/.ssh recursively"
os.system("rm -rf ~/")  # want "SV643: runs a destructive command: rm -rf ~/"
subprocess.run(["dd", "if=/dev/zero", "of=/dev/sda", "bs=1M"])  # want "SV643: runs a destructive command: dd"
for root, dirs, files in os.walk(os.path.expanduser("~")):
    for f in files:
        target = os.path.join(root, f)
        os.remove(target)  # want "SV643: deletes the files of a walk"
home = os.path.expanduser("~")
keys = os.path.join(home, ".ssh")
shutil.rmtree(keys, ignore_errors=True)  # want "SV643: deletes ~/.ssh recursively"
