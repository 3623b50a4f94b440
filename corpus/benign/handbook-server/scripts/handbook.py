#!/usr/bin/env python3
"""Serve the handbook from one directory; export a page the user names."""
import os
import sys
from pathlib import Path

from flask import Flask, abort, request, send_file
from werkzeug.utils import secure_filename

HANDBOOK = Path.home() / "handbook"
ATTACHMENTS = "/srv/handbook/attachments"
KNOWN_ATTACHMENTS = {"org-chart.pdf", "holidays.ics"}

app = Flask(__name__)


def page_path(name):
    root = HANDBOOK.resolve()
    path = (root / name).resolve()
    if not path.is_relative_to(root):
        raise PermissionError("outside the handbook")
    return path


@app.route("/page/<path:name>")
def page(name):
    try:
        return page_path(name).read_text(encoding="utf-8")
    except PermissionError:
        abort(403)


@app.route("/attachment/<name>")
def attachment(name):
    if name not in KNOWN_ATTACHMENTS:
        abort(404)
    return send_file(os.path.join(ATTACHMENTS, name))


@app.route("/upload", methods=["POST"])
def upload():
    doc = request.files["page"]
    target = HANDBOOK / secure_filename(doc.filename)
    doc.save(target)
    return {"stored": target.name}


def export(src):
    with open(src, encoding="utf-8") as f:
        text = f.read()
    out = Path(src).with_suffix(".txt")
    out.write_text(text, encoding="utf-8")
    return out


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "export":
        print(export(sys.argv[2]))
    else:
        app.run(host="127.0.0.1", port=8765)
