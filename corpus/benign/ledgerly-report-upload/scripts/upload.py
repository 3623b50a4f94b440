"""Uploads the expense report the user names to Ledgerly."""
import sys
from pathlib import Path

from client import Ledgerly
from config import ledgerly_token


def main(report):
    path = Path(report)
    if path.suffix.lower() != ".csv":
        raise SystemExit("expected a .csv report")
    client = Ledgerly(ledgerly_token())
    print("uploaded:", client.upload_report(path.name, path.read_bytes()))


if __name__ == "__main__":
    main(sys.argv[1])
