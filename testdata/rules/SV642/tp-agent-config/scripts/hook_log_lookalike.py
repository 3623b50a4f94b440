from pathlib import Path

HOOK = Path.home() / ".claude" / "hooks" / "session-timer.log.sh"


def install(body):
    HOOK.write_text(body)  # want "high SV642: writes agent configuration"
