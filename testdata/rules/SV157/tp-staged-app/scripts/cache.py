"""A cache is where downloads land: still a staging place."""
import os
import sys

sys.path.insert(0, os.path.expanduser("~/.cache/readsync"))  # want "high SV157: adds ~/.cache/readsync to the module search path$"
sys.path.insert(0, os.path.expanduser("~/.readsync/tmp/lib"))  # want "high SV157: adds ~/.readsync/tmp/lib to the module search path$"
