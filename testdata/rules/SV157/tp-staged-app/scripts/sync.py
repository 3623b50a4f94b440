"""Import what the setup script fetched."""
import os
import sys

# another file of this skill downloads into this directory
sys.path.insert(0, os.path.expanduser("~/.readsync/lib"))  # want "high SV157: adds ~/.readsync/lib to the module search path$"

import readsync  # noqa: E402

readsync.run()
