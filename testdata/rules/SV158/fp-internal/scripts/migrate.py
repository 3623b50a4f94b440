import sqlite3


def add_column(conn, table, column):
    conn.execute(f"ALTER TABLE {table} ADD COLUMN {column} TEXT")


def row_count(conn, table):
    return conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]


def migrate(path):
    conn = sqlite3.connect(path)
    # Helpers called only with the skill's own constants.
    add_column(conn, "notes", "summary")
    add_column(conn, "tasks", column="owner")
    print(row_count(conn, "notes"), row_count(conn, "tasks"))
    input_tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    for input_table in input_tables:
        conn.execute(f"ANALYZE {input_table}")
        conn.execute(f"DELETE FROM {input_table} WHERE archived = 1")  # want "low SV158: .*computed at run time"
    conn.commit()


if __name__ == "__main__":
    migrate("app.db")
