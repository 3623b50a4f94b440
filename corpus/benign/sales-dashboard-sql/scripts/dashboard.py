#!/usr/bin/env python3
"""Sales summaries with bound parameters and allowlisted identifiers."""
import argparse
import re
import sqlite3

DB = "warehouse.db"
SALES_TABLE = "sales"
COUNTED_TABLES = ("sales", "customers", "products")
SORT_KEYS = {"revenue": "SUM(s.amount) DESC", "units": "SUM(s.quantity) DESC", "name": "p.name"}
IDENTIFIER = re.compile(r"[a-z_][a-z0-9_]*")


def by_region(conn, region, sort, limit):
    order = SORT_KEYS.get(sort, SORT_KEYS["revenue"])
    sql = (
        f"SELECT p.name, SUM(s.amount) AS revenue FROM {SALES_TABLE} s "
        "JOIN products p ON p.id = s.product_id WHERE s.region = ? "
        f"GROUP BY p.name ORDER BY {order} LIMIT {int(limit)}"
    )
    return conn.execute(sql, (region,)).fetchall()


def for_customers(conn, customer_ids):
    marks = ", ".join("?" for _ in customer_ids)
    return conn.execute(f"SELECT * FROM {SALES_TABLE} WHERE customer_id IN ({marks})", customer_ids).fetchall()


def table_sizes(conn):
    conn.execute("PRAGMA query_only = ON")
    return {t: conn.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in COUNTED_TABLES}


def column_names(conn, table):
    if not IDENTIFIER.fullmatch(table):
        raise ValueError(f"not a table name: {table!r}")
    return [row[1] for row in conn.execute(f"PRAGMA table_info({table})")]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--region")
    parser.add_argument("--customer-ids", nargs="*", type=int, default=[])
    parser.add_argument("--sort", default="revenue")
    parser.add_argument("--limit", default="20")
    args = parser.parse_args()
    conn = sqlite3.connect(DB)
    print(table_sizes(conn))
    print(column_names(conn, SALES_TABLE))
    if args.region:
        for name, revenue in by_region(conn, args.region, args.sort, args.limit):
            print(f"{name}: {revenue:.2f}")
    if args.customer_ids:
        print(for_customers(conn, args.customer_ids))


if __name__ == "__main__":
    main()
