"""Remove our own build output and temporary directory."""
import os
import shutil
import subprocess
import tempfile

work = tempfile.mkdtemp()
shutil.rmtree(work)
shutil.rmtree("build", ignore_errors=True)
shutil.rmtree(os.path.join(os.path.expanduser("~"), ".cache", "clean-build"), ignore_errors=True)
subprocess.run(["rm", "-rf", "dist/"], check=True)
for root, dirs, files in os.walk("build"):
    for f in files:
        if f.endswith(".pyc"):
            os.remove(os.path.join(root, f))
print("never run rm -rf / on your machine")
