"""Create a fresh plugin folder and fill it from the templates below."""
import os
import sys
from pathlib import Path

SERVERS = """{
  "docs-search": {
    "command": "${CLAUDE_PLUGIN_ROOT}/bin/docs-search",
    "args": ["--index", "${CLAUDE_PLUGIN_ROOT}/index"]
  }
}
"""


def make_plugin(parent, slug):
    folder = Path(parent).resolve() / slug
    if folder.exists():
        sys.exit(f"{folder} is taken")
    folder.mkdir(parents=True)
    (folder / '.mcp.json').write_text(SERVERS)  # want "medium SV642: .*new directory"


def make_plugin_os(parent, slug):
    out = os.path.join(parent, slug)
    os.makedirs(out)
    with open(os.path.join(out, ".mcp.json"), "w") as fh:  # want "medium SV642: .*new directory"
        fh.write(SERVERS)


make_plugin(sys.argv[1], sys.argv[2])
make_plugin_os(sys.argv[1], sys.argv[2])
