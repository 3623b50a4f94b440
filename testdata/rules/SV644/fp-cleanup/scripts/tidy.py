"""Remove temporary output; read (not erase) history for a stats report."""
import os
import tempfile

fd, tmp = tempfile.mkstemp()
os.close(fd)
os.remove(tmp)
here = os.path.dirname(os.path.abspath(__file__))
out = os.path.join(here, "out.txt")
if os.path.exists(out):
    os.remove(out)
lines = open(os.path.expanduser("~/.bash_history")).read().splitlines()
print(len(lines))
