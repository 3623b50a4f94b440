import json
import os
import sqlite3

conn = sqlite3.connect("cache.db")

# The environment and files the skill reads are the operator's: a weakness, not an open door.
schema = os.environ.get("CACHE_SCHEMA", "main")
conn.execute(f"DELETE FROM {schema}.entries WHERE stale = 1")  # want "medium SV158: .*the environment \\(os.environ.get\\)"

with open("pending.json") as f:
    pending = json.load(f)
for item in pending:
    conn.execute(f"INSERT INTO queue (name) VALUES ('{item['name']}')")  # want "medium SV158: .*file content \\(json.load\\)"

# Names the database itself returns: formatted, but nobody outside chooses them.
for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall():
    print(name, conn.execute(f"SELECT COUNT(*) FROM {name}").fetchone())  # want "low SV158: .*computed at run time"
