import sqlite3

import click


@click.command()
@click.argument("owner")
def show(owner):
    conn = sqlite3.connect("sales.db")
    for row in conn.execute("SELECT * FROM accounts WHERE owner = '%s'" % owner):  # want "high SV158: .*user input \\(click.argument\\)"
        click.echo(row)


if __name__ == "__main__":
    show()
