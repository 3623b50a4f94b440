"""Look-alikes of a constant-table lookup that still run the caller's text."""
import argparse
import subprocess
import sys

LABELS = {"fetch": "print('fetch')", "parse": "print('parse')"}


def say(name):
    # a lookup whose default is the caller's own text is that text
    subprocess.run([sys.executable, "-c", LABELS.get(name, name)])  # want "high SV151: python -c runs code from user input"
    # the argument itself
    subprocess.run([sys.executable, "-c", f"print('{name}')"])  # want "high SV151: python -c runs code from user input"


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("tool")
    say(ap.parse_args().tool)
