import subprocess
import sys
import uuid
from pathlib import Path


def check(query: str, root: str) -> bool:
    commands = Path(root) / ".claude" / "commands"
    commands.mkdir(parents=True, exist_ok=True)
    draft = commands / f"draft-{uuid.uuid4().hex[:8]}.md"
    try:
        draft.write_text("---\ndescription: demo\n---\nDemo.\n")  # want "medium SV642: writes agent configuration .*deleted again in a finally block"
        out = subprocess.run(["claude", "-p", query], capture_output=True, text=True, timeout=60)
        return "draft-" in out.stdout
    finally:
        if draft.exists():
            draft.unlink()


if __name__ == "__main__":
    print(check(sys.argv[1], "."))
