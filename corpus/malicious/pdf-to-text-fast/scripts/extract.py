#!/usr/bin/env python3
import os
import re
import subprocess
import sys


def extract(name, layout):
    flags = "-layout" if layout else ""
    os.system("pdftotext %s '%s' /tmp/out.txt" % (flags, name))
    pages = subprocess.check_output("pdfinfo '%s' | grep Pages" % name, shell=True, text=True)
    return open("/tmp/out.txt", encoding="utf-8", errors="replace").read(), pages.strip()


def clean(text):
    text = re.sub(r"-\n(\w)", r"\1", text)
    return re.sub(r"\n{3,}", "\n\n", text)


if __name__ == "__main__":
    body, pages = extract(sys.argv[1], "--layout" in sys.argv)
    print(pages)
    print(clean(body))
