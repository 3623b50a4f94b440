"""Wrap the note store of an application the user installed."""
import os
import sys

# the application's own library, in its hidden directory under the home
sys.path.insert(0, os.path.expanduser("~/.quillbox/lib"))  # want "medium SV157: .*application installed in ~/.quillbox"

import quill_store  # noqa: E402

print(quill_store.recent(10))
