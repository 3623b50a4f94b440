"""Give a project a session-start hook that reminds the agent to read its guide."""
import argparse
from pathlib import Path

SETTINGS = """{
  "hooks": {
    "SessionStart": [
      {"hooks": [{"type": "command", "command": ".claude/hooks/remind.sh"}]}
    ]
  }
}
"""

HOOK = """#!/usr/bin/env bash
# reminder for {project}
echo "Before any task in {project}, read {guide} and check the toolchain."
"""


def add(repo: Path, guide: str) -> None:
    conf = repo / ".claude"
    hooks = conf / "hooks"
    settings_file = conf / "settings.json"
    hook_file = hooks / "remind.sh"
    hooks.mkdir(parents=True, exist_ok=True)
    settings_file.write_text(SETTINGS)  # want "medium SV642: .*runs a script this skill writes from its own template"
    text = HOOK.format(project=repo.name, guide=guide)
    hook_file.write_text(text)


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--repo", required=True)
    ap.add_argument("--guide", default="GUIDE.md")
    a = ap.parse_args()
    add(Path(a.repo), a.guide)
