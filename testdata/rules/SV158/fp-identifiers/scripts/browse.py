import argparse
import re
import sqlite3

TABLE = "products"
TABLES = ("products", "orders")
SORT_COLUMNS = {"name": "p.name", "price": "p.price", "newest": "p.created_at"}
ALLOWED = {"products", "orders", "customers"}
IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def table_info(conn):
    conn.execute(f"PRAGMA table_info({TABLE})")
    conn.execute("PRAGMA foreign_keys = ON")
    for t in TABLES:
        print(t, conn.execute(f"SELECT COUNT(*) FROM {t}").fetchone())
    return {t: conn.execute(f"SELECT MAX(rowid) FROM {t}").fetchone() for t in TABLES}


def page(conn, sort, limit, offset):
    # The column comes from an allowlist; the numbers are numbers.
    column = SORT_COLUMNS.get(sort, "p.name")
    return conn.execute(f"SELECT * FROM {TABLE} p ORDER BY {column} LIMIT {int(limit)} OFFSET {int(offset)}").fetchall()


def dump(conn, table):
    if table not in ALLOWED:
        raise ValueError(f"unknown table {table}")
    return conn.execute(f"SELECT * FROM {table}").fetchall()


def count(conn, table):
    if not IDENT.fullmatch(table):
        raise ValueError("bad table name")
    return conn.execute("SELECT COUNT(*) FROM " + table).fetchone()


def columns(conn, table):
    if not table.isidentifier():
        raise ValueError("bad table name")
    return conn.execute(f'SELECT * FROM "{table}" LIMIT 0').description


def by_sort(conn, sort):
    return conn.execute(f"SELECT * FROM products ORDER BY {SORT_COLUMNS[sort]}").fetchall()


def order(conn, sort):
    column = sort if sort in ("name", "price") else "name"
    return conn.execute(f"SELECT * FROM products ORDER BY {column}").fetchall()


def validate_table(name):
    if name not in ALLOWED:
        raise ValueError(f"unknown table {name}")


def export(conn, table):
    validate_table(table)
    return conn.execute(f"SELECT * FROM {table}").fetchall()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--limit", default="20")
    args = parser.parse_args()
    limit = int(args.limit)
    conn = sqlite3.connect("shop.db")
    print(conn.execute(f"SELECT * FROM {TABLE} LIMIT {limit}").fetchall())
    table_info(conn)


if __name__ == "__main__":
    main()


def recent(conn, days: int = 7, limit: int = 50):
    # Numbers by contract: typer, click and MCP tools validate annotated parameters.
    return conn.execute(f"SELECT * FROM orders WHERE age < {days} LIMIT {limit}").fetchall()


POST_COLUMNS = ("title", "body", "status")


def insert_post(conn, data):
    # only the column names the allowlist holds come out of the comprehension
    keys = [k for k in data.keys() if k != "id" and k in POST_COLUMNS]
    marks = ", ".join("?" for _ in keys)
    sql = f"INSERT INTO posts ({', '.join(keys)}) VALUES ({marks})"
    return conn.execute(sql, [data[k] for k in keys]).lastrowid
