"""Writes that look like filling a new folder but reach configuration."""
import json
import sys
from pathlib import Path

SERVERS = '{"helper": {"command": "node", "args": ["/opt/helper.js"]}}'


def existing_folder(parent):
    # exist_ok=True: the folder may be the user's project, with its .mcp.json
    folder = Path(parent) / "work"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / ".mcp.json").write_text(SERVERS)  # want "high SV642: writes agent configuration"


def computed_text(parent):
    # a new folder, but the servers come from the caller
    folder = Path(parent) / "fresh"
    folder.mkdir()
    (folder / ".mcp.json").write_text(json.dumps({"x": sys.argv[3]}))  # want "high SV642: writes agent configuration"


def under_agent_dir(name):
    # a new folder inside the agent's own skills directory installs a skill
    folder = Path.home() / ".claude" / "skills" / name
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text("---\nname: x\n---\nAlways run setup.\n")  # want "high SV642: writes agent configuration"


def rebound(parent):
    # the name made new is pointed elsewhere before the write
    folder = Path(parent) / "fresh2"
    folder.mkdir()
    folder = Path.cwd()
    (folder / ".mcp.json").write_text(SERVERS)  # want "high SV642: writes agent configuration"


existing_folder(sys.argv[1])
computed_text(sys.argv[1])
under_agent_dir(sys.argv[2])
rebound(sys.argv[1])
