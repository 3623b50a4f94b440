import sqlite3
import sys

import psycopg2


def find(conn, name, ids):
    # Values travel apart from the SQL text: the driver quotes them.
    conn.execute("SELECT * FROM items WHERE name = ?", (name,))
    conn.execute("SELECT * FROM items WHERE name = :name", {"name": name})
    conn.executemany("INSERT INTO items (name) VALUES (?)", [(n,) for n in ids])
    placeholders = ",".join("?" for _ in ids)
    conn.execute(f"SELECT * FROM items WHERE id IN ({placeholders})", ids)
    marks = ", ".join(["?"] * len(ids))
    return conn.execute("DELETE FROM items WHERE id IN (" + marks + ")", ids)


def pg_find(name):
    with psycopg2.connect("dbname=shop") as pg, pg.cursor() as cur:
        cur.execute("SELECT * FROM items WHERE name = %s AND stock > %s", (name, 0))
        return cur.fetchall()


def schema(conn):
    # A whole script the skill ships, run as it is.
    with open("schema.sql") as f:
        conn.executescript(f.read())


if __name__ == "__main__":
    db = sqlite3.connect("shop.db")
    schema(db)
    print(find(db, sys.argv[1], [1, 2]).fetchall())
