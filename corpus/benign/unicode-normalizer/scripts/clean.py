#!/usr/bin/env python3
import os
import sys
import unicodedata

INVISIBLE = {0x200B, 0x2060, 0xFEFF, 0x180E}
BIDI = set(range(0x202A, 0x202F)) | set(range(0x2066, 0x206A))
TAGS = range(0xE0000, 0xE0080)


def problems(text):
    for i, ch in enumerate(text):
        cp = ord(ch)
        if cp in INVISIBLE or cp in BIDI or cp in TAGS:
            yield i, f"U+{cp:04X} {unicodedata.name(ch, 'UNNAMED')}"
        elif cp in (0x200C, 0x200D):
            prev = ord(text[i - 1]) if i else 0
            if prev < 0x2000:  # joiners after emoji are legitimate
                yield i, f"U+{cp:04X} {unicodedata.name(ch)}"


def files(paths):
    for p in paths:
        if os.path.isdir(p):
            for root, _, names in os.walk(p):
                for n in names:
                    yield os.path.join(root, n)
        else:
            yield p


def main(argv):
    fix = argv[0] == "--fix"
    bad = 0
    for path in files(argv[1:]):
        try:
            text = open(path, encoding="utf-8").read()
        except (UnicodeDecodeError, OSError):
            continue
        found = list(problems(text))
        for i, desc in found:
            print(f"{path}: offset {i}: {desc}")
        bad += len(found)
        if fix and found:
            drop = {i for i, _ in found}
            clean = "".join(c for j, c in enumerate(text) if j not in drop)
            with open(path, "w", encoding="utf-8") as f:
                f.write(unicodedata.normalize("NFC", clean))
    return 1 if bad and not fix else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
