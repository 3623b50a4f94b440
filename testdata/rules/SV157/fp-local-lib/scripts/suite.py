"""Use this skill's installed copy and the suite's shared library."""
import os
import sys
from pathlib import Path

# the skill's own installed directory: its code is scanned here
sys.path.insert(0, os.path.expanduser("~/.openclaw/workspace/skills/fp-local-lib/scripts"))
sys.path.insert(0, str(Path.home() / ".claude" / "skills" / "fp-local-lib" / "lib"))

# a library the suite's installer put under the agent's directory
sys.path.insert(0, os.path.expanduser("~/.openclaw/ledger/lib"))  # want "medium SV157: .*installed under the agent's directory"

# a sibling skill in OpenClaw's workspace slot
sys.path.insert(0, os.path.expanduser("~/.openclaw/workspace/skills/invoices/scripts"))  # want "medium SV157: .*another installed skill"

import ledger_db  # noqa: E402

ledger_db.main()
