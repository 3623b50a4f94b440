import os
from pathlib import Path

LOG_FILE = Path.home() / ".claude" / "hooks" / "session-timer.log"


def note(line):
    with open(LOG_FILE, "a") as f:  # want "medium SV642: .*a log file"
        f.write(line + "\n")
