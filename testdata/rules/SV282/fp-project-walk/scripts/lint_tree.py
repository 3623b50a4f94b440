"""Walk the project or a directory the user names."""
import glob
import os
import sys
from pathlib import Path

for root, dirs, files in os.walk("."):
    pass
for root, dirs, files in os.walk(sys.argv[1]):
    pass
csvs = glob.glob("data/*.csv")
cache = Path.home() / ".cache" / "lint-tree"
cache.mkdir(parents=True, exist_ok=True)
entries = os.listdir(os.path.expanduser("~/.cache/lint-tree"))
py = list(Path(".").rglob("*.py"))
