import argparse
import sqlite3
import sys

import pandas as pd
from flask import Flask, request
from sqlalchemy import create_engine, text

app = Flask(__name__)
engine = create_engine("sqlite:///sales.db")


def rows_for(conn, region):
    return conn.execute(f"SELECT * FROM sales WHERE region = '{region}'").fetchall()  # want "high SV158: .*user input \\(sys.argv\\)"


@app.route("/sales")
def sales():
    customer = request.args.get("customer", "")
    with engine.connect() as conn:
        result = conn.execute(text(f"SELECT * FROM sales WHERE customer = '{customer}'"))  # want "high SV158: sqlalchemy.text runs SQL text .*user input \\(flask.request.args.get\\)"
        return {"rows": [dict(r._mapping) for r in result]}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--product")
    args = parser.parse_args()
    conn = sqlite3.connect("sales.db")
    frame = pd.read_sql("SELECT * FROM sales WHERE product = '" + args.product + "'", conn)  # want "high SV158: pandas.read_sql runs .*user input"
    print(frame)
    print(rows_for(conn, sys.argv[1]))
    who = input("customer: ")
    conn.executescript("DELETE FROM carts WHERE customer = '%s';" % who)  # want "high SV158: conn.executescript .*user input \\(input\\)"


if __name__ == "__main__":
    main()
