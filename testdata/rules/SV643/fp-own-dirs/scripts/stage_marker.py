"""Write a marker under the checkout the caller names; drop it again on failure."""
import argparse
import os
import shutil

MARKER_ROOT = os.path.join(".tools", "markers")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--checkout")
    ap.add_argument("--rev")
    args = ap.parse_args()
    root = os.path.realpath(args.checkout)
    marker = os.path.join(root, MARKER_ROOT, args.rev)
    try:
        os.makedirs(marker, exist_ok=True)
    except OSError:
        shutil.rmtree(marker, ignore_errors=True)
    scratch = root / "scratch"
    shutil.rmtree(scratch, ignore_errors=True)


main()
