import argparse
import re
import sqlite3

import openpyxl


def tidy(name):
    # only spaces are replaced: a quote or a parenthesis goes through
    return re.sub(r"\s+", "_", str(name).strip())


def loose(name):
    # the class is not negated: it removes letters, keeps the rest
    return re.sub(r"[A-Za-z]+", "", str(name))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("book")
    ap.add_argument("--name")
    args = ap.parse_args()
    book = openpyxl.load_workbook(args.book)
    db = sqlite3.connect("out.sqlite")
    for sheet in book.sheetnames:
        db.execute(f"CREATE TABLE {tidy(sheet)} (a)")  # want "high SV158"
        db.execute(f"CREATE TABLE {loose(sheet)} (a)")  # want "high SV158"
    db.execute(f"SELECT * FROM t WHERE name = '{re.sub('[^A-Za-z0-9 ]', '_', args.name) + args.name}'")  # want "high SV158"


if __name__ == "__main__":
    main()
