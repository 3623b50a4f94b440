import sqlite3

DB = "notes.db"


def find_notes(author, tag):
    conn = sqlite3.connect(DB)
    sql = f"SELECT id, title FROM notes WHERE author = '{author}' AND tag = '{tag}'"
    rows = conn.execute(sql).fetchall()  # want "high SV158: conn.execute runs SQL text built with an f-string from parameter (author|tag) of find_notes"
    conn.close()
    return rows


def notes_in(table, limit):
    cur = sqlite3.connect(DB).cursor()
    cur.execute("SELECT * FROM %s LIMIT 10" % table)  # want "high SV158: .*% formatting from parameter table of notes_in"
    return cur.fetchall()


def delete_note(conn, note_id):
    conn.execute("DELETE FROM notes WHERE id = " + note_id)  # want "high SV158: .*concatenation from parameter note_id"


def purge(conn, note_ids):
    return [conn.execute(f"DELETE FROM notes WHERE id = {i}") for i in note_ids]  # want "high SV158: .*parameter note_ids of purge"


def search(conn, term, order):
    query = "SELECT * FROM notes WHERE 1 = 1"
    if term:
        query += " AND body LIKE '%{}%'".format(term)
    query += " ORDER BY " + order
    return conn.execute(query).fetchall()  # want "high SV158: .*from parameter (term|order) of search"


class NoteStore:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)

    def by_title(self, title):
        where = f"title = '{title}'"
        return self._select(where)

    def _select(self, where):
        return self.conn.execute("SELECT * FROM notes WHERE " + where).fetchall()  # want "high SV158: .*parameter title of by_title"


BLOCKED = ("password", "token")


def insert_note(conn, data):
    # a denylist filter lets any other name through, quotes included
    keys = [k for k in data if k not in BLOCKED]
    sql = f"INSERT INTO notes ({', '.join(keys)}) VALUES ({', '.join('?' for _ in keys)})"
    return conn.execute(sql, [data[k] for k in keys])  # want "high SV158: conn[.]execute runs SQL text"


def insert_tagged(conn, data, tags):
    # the membership test is on another value, not the loop variable
    keys = [k for k in data if "draft" in tags]
    sql = f"INSERT INTO notes ({', '.join(keys)}) VALUES ({', '.join('?' for _ in keys)})"
    return conn.execute(sql, [data[k] for k in keys])  # want "high SV158: conn[.]execute runs SQL text"
