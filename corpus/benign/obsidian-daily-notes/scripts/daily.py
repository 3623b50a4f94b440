#!/usr/bin/env python3
import datetime as dt
import os
import re
import sys

OPEN_TASK = re.compile(r"^\s*- \[ \] .+$", re.M)


def main(vault):
    daily = os.path.join(vault, "Daily")
    os.makedirs(daily, exist_ok=True)
    today = dt.date.today()
    path = os.path.join(daily, f"{today:%Y-%m-%d}.md")
    if os.path.exists(path):
        print("exists:", path)
        return
    notes = sorted(n for n in os.listdir(daily) if n.endswith(".md") and not n.startswith("."))
    carried, prev = [], None
    if notes:
        prev = notes[-1][:-3]
        carried = OPEN_TASK.findall(open(os.path.join(daily, notes[-1]), encoding="utf-8").read())
    tpl_path = os.path.join(vault, "Templates", "Daily.md")
    tpl = open(tpl_path, encoding="utf-8").read() if os.path.exists(tpl_path) else "# {{date}}\n\n## Tasks\n"
    body = tpl.replace("{{date}}", f"{today:%Y-%m-%d}")
    if prev:
        body += f"\nPrevious: [[{prev}]]\n"
    if carried:
        body += "\n## Carried over\n" + "\n".join(carried) + "\n"
    with open(path, "w", encoding="utf-8") as f:
        f.write(body)
    print("created:", path)


if __name__ == "__main__":
    main(os.path.expanduser(sys.argv[1]))
