"""A result cache keyed by a digest of the query."""
import hashlib
import json
from pathlib import Path

MEMO_DIR = Path.home() / ".cache" / "lookup-memo"


def _digest(term, scopes):
    joined = term + "|" + ",".join(sorted(scopes))
    return hashlib.blake2b(joined.encode(), digest_size=8).hexdigest()


def _digest_sha(term):
    return hashlib.sha256(term.encode()).hexdigest()[:20]


def memo_load(term, scopes):
    # the file name is the helper's hex digest, whatever the term holds
    entry = MEMO_DIR / f"{_digest(term, scopes)}.json"
    return json.loads(entry.read_text())


def memo_save(term, rows):
    entry = MEMO_DIR / (_digest_sha(term) + ".json")
    entry.write_text(json.dumps(rows))
