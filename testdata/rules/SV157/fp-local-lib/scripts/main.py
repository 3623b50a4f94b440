"""Import the skill's own vendored library."""
import importlib.util
import pathlib
import sys

HERE = pathlib.Path(__file__).parent
sys.path.insert(0, str(HERE / "lib"))
spec = importlib.util.spec_from_file_location("helpers", HERE / "lib" / "helpers.py")
sys.path.append(os.path.expanduser("~/.local/lib/python3.12/site-packages"))
# the Pi coding agent keeps installed skills in ~/.pi/agent/skills/<name>/
sys.path.insert(0, os.path.expanduser("~/.pi/agent/skills/fp-local-lib/scripts"))
