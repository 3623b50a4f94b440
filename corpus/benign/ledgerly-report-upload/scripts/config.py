"""Reads the Ledgerly CLI's own token."""
from pathlib import Path

TOKEN_FILE = Path.home() / ".ledgerly" / ".env"


def ledgerly_token():
    for line in TOKEN_FILE.read_text().splitlines():
        if line.startswith("LEDGERLY_TOKEN="):
            return line.split("=", 1)[1].strip()
    raise SystemExit("run `ledgerly login` first")
