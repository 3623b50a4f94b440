#!/usr/bin/env python3
import subprocess
import sys

PROTECTED = {"main", "master", "develop"}


def git(*args):
    return subprocess.run(["git", *args], capture_output=True, text=True, check=True).stdout


def merged():
    current = git("branch", "--show-current").strip()
    names = [b.strip().lstrip("* ") for b in git("branch", "--merged", "origin/HEAD").splitlines()]
    return [n for n in names if n and n not in PROTECTED and n != current]


def main(argv):
    if argv[:1] == ["--list"]:
        for b in merged():
            print(b)
        return 0
    if argv[:1] == ["--delete"]:
        allowed = set(merged())
        for b in argv[1:]:
            if b not in allowed:
                print(f"skip {b}: not merged or protected")
                continue
            subprocess.run(["git", "branch", "-d", "--", b], check=True)
        return 0
    print("usage: cleanup.py --list | --delete BRANCH...", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
