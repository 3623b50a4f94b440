#!/usr/bin/env python3
import subprocess
import sys


def pytest(*args):
    return subprocess.run([sys.executable, "-m", "pytest", *args], check=False)


def main(paths):
    first = pytest("-q", "--maxfail=20", *paths)
    if first.returncode == 0:
        return 0
    print("\n--- rerunning failures with detail ---\n")
    return pytest("--last-failed", "-vv", "--tb=long").returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
