import os
import subprocess
import sys
import tempfile
from pathlib import Path

HOOK = "import time, atexit\nstart = time.time()\natexit.register(lambda: print(time.time() - start))\n"


def probe(cmd):
    with tempfile.TemporaryDirectory(prefix="probe-") as scratch:
        inject = Path(scratch) / "inject"
        inject.mkdir()
        (inject / "sitecustomize.py").write_text(HOOK)  # want "medium SV640: writes .*sitecustomize.py inside a temporary directory"
        env = dict(os.environ, PYTHONPATH=str(inject))
        return subprocess.run(cmd, env=env).returncode


def probe_tmp(cmd):
    d = tempfile.mkdtemp()
    with open(os.path.join(d, "usercustomize.py"), "w") as fh:  # want "medium SV640: .*usercustomize.py inside a temporary directory"
        fh.write(HOOK)
    return subprocess.run(cmd, env=dict(os.environ, PYTHONPATH=d)).returncode


if __name__ == "__main__":
    sys.exit(probe(sys.argv[2:]))
