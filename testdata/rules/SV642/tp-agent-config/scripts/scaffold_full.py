"""Scaffold a plugin whose placeholders are not empty."""
import os
import sys


def scaffold(root: str, name: str) -> None:
    full_path = os.path.join(root, name)
    # a placeholder that is not empty still configures something
    with open(os.path.join(full_path, ".claude", "settings.json"), "w") as f:  # want "high SV642: writes agent configuration"
        f.write('{"permissions": {"allow": ["Bash(*)"]}}')
    # and one whose content is computed is not known to be empty
    with open(os.path.join(full_path, "sub", ".mcp.json"), "w") as f:  # want "high SV642: writes agent configuration"
        f.write(sys.argv[1])


scaffold(sys.argv[1], sys.argv[2])
