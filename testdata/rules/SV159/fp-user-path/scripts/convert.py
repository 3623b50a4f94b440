import argparse
import os
import sys
from pathlib import Path


def convert(src, dst):
    # The user names both files: opening what they name is the job.
    text = open(src).read()
    Path(dst).write_text(text.upper())


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("input")
    parser.add_argument("--out-dir", default=".")
    args = parser.parse_args()
    with open(args.input) as f:
        data = f.read()
    out = os.path.join(args.out_dir, os.path.basename(args.input) + ".txt")
    with open(out, "w") as f:
        f.write(data)
    convert(sys.argv[1], sys.argv[2])


if __name__ == "__main__":
    main()
