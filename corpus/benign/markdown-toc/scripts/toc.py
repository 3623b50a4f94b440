#!/usr/bin/env python3
import argparse
import re

START, STOP = "<!-- toc -->", "<!-- tocstop -->"


def anchor(text, seen):
    a = re.sub(r"[^\w\- ]", "", text.strip().lower()).replace(" ", "-")
    n = seen.get(a, 0)
    seen[a] = n + 1
    return a if n == 0 else f"{a}-{n}"


def build(md, max_depth):
    seen, lines, fence = {}, [], False
    for line in md.splitlines():
        if line.startswith("```"):
            fence = not fence
        m = None if fence else re.match(r"^(#{2,6})\s+(.+?)\s*#*$", line)
        if m and len(m.group(1)) <= max_depth:
            indent = "  " * (len(m.group(1)) - 2)
            lines.append(f"{indent}- [{m.group(2)}](#{anchor(m.group(2), seen)})")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--max-depth", type=int, default=3)
    a = ap.parse_args()
    md = open(a.file, encoding="utf-8").read()
    toc = build(md, a.max_depth)
    if START in md and STOP in md:
        head, rest = md.split(START, 1)
        _, tail = rest.split(STOP, 1)
        with open(a.file, "w", encoding="utf-8") as f:
            f.write(f"{head}{START}\n{toc}\n{STOP}{tail}")
        print("updated", a.file)
    else:
        print(toc)


if __name__ == "__main__":
    main()
