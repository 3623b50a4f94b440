"""Wrap the note store of an application the user installed."""
import os
import sys

# the application's own library, in its hidden directory under the home
sys.path.insert(0, os.path.expanduser("~/.quillbox/lib"))  # want "medium SV157: .*application installed in ~/.quillbox"
# a cache is where downloads land: still a staging place
sys.path.insert(0, os.path.expanduser("~/.cache/quillbox"))  # want "high SV157: adds ~/.cache/quillbox to the module search path$"

import quill_store  # noqa: E402

print(quill_store.recent(10))
