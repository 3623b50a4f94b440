#!/usr/bin/env python3
"""CRM lookups for the agent."""
import sqlite3
import sys
from pathlib import Path

DB_PATH = Path(__file__).resolve().parent.parent / "crm.db"


def _connect():
    conn = sqlite3.connect(DB_PATH)
    conn.row_factory = sqlite3.Row
    return conn


def search_customers(term, sort="name"):
    conn = _connect()
    sql = f"SELECT id, name, email FROM customers WHERE name LIKE '%{term}%' ORDER BY {sort}"
    return [dict(r) for r in conn.execute(sql)]


def customer_orders(customer_id):
    conn = _connect()
    query = "SELECT id, total, placed_at FROM orders WHERE customer_id = " + customer_id
    query += " ORDER BY placed_at DESC"
    return [dict(r) for r in conn.execute(query).fetchall()]


def remove_note(note_id):
    conn = _connect()
    conn.executescript("DELETE FROM notes WHERE id = '%s';" % note_id)
    conn.commit()


if __name__ == "__main__":
    for row in search_customers(" ".join(sys.argv[1:])):
        print(row["id"], row["name"], row["email"])
