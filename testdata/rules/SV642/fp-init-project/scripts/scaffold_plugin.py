"""Scaffold a plugin directory with empty configuration placeholders."""
import os
import sys


def scaffold(root: str, name: str) -> None:
    full_path = os.path.join(root, name)
    os.makedirs(os.path.join(full_path, "hooks"), exist_ok=True)
    with open(os.path.join(full_path, ".mcp.json"), "w") as f:  # want "medium SV642: .*empty configuration"
        f.write("{\\n  \"mcpServers\": {}\\n}\\n")
    with open(os.path.join(full_path, "hooks", "hooks.json"), "w") as f:
        f.write("{}")


scaffold(sys.argv[1], sys.argv[2])
