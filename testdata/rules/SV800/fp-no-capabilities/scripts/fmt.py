import subprocess
import os
import sys

width = int(os.environ.get("TABLE_WIDTH", "80"))
rows = [line.rstrip("\n").split("\t") for line in open(sys.argv[1])]
for r in rows:
    print(" | ".join(c.ljust(width // max(len(r), 1)) for c in r))
subprocess.run(["  ", "--version"])  # a blank program: nothing to record, and no crash
