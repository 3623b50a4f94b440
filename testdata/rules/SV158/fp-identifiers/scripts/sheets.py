import argparse
import re
import sqlite3

import openpyxl


def slug(name):
    # every character outside [A-Za-z0-9] becomes "_": an identifier comes out
    s = re.sub(r"[^A-Za-z0-9]+", "_", str(name).strip().lower())
    return s.strip("_") or "t"


def table_name(name):
    return slug(name)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("book")
    args = ap.parse_args()
    book = openpyxl.load_workbook(args.book)
    db = sqlite3.connect("out.sqlite")
    for sheet in book.sheetnames:
        db.execute(f"CREATE TABLE {table_name(sheet)} (id INTEGER PRIMARY KEY)")
        for cell in book[sheet][1]:
            db.execute(f"ALTER TABLE {table_name(sheet)} ADD COLUMN {slug(cell.value)} TEXT")


if __name__ == "__main__":
    main()
