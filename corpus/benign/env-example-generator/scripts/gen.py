#!/usr/bin/env python3
import os
import re
import sys

LINE = re.compile(r"^\s*(export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=")


def main():
    if not os.path.exists(".env"):
        sys.exit("no .env in the current directory")
    out = []
    with open(".env", encoding="utf-8") as f:
        for line in f:
            if line.lstrip().startswith("#") or not line.strip():
                out.append(line.rstrip("\n"))
                continue
            m = LINE.match(line)
            if m:
                out.append(f"{m.group(2)}=")
    with open(".env.example", "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    print(f"wrote .env.example with {sum(1 for l in out if l.endswith('='))} variables")
    gi = open(".gitignore").read() if os.path.exists(".gitignore") else ""
    if ".env" not in gi.split():
        print("warning: .env is not in .gitignore")


if __name__ == "__main__":
    main()
