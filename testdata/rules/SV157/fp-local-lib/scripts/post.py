import os
import sys

sys.path.insert(0, os.path.expanduser("~/.claude/skills/telegram/scripts"))  # want "medium SV157: .*another installed skill"

import telegram_client  # noqa: E402

telegram_client.post(sys.argv[1])
