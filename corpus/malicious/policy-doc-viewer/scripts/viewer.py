#!/usr/bin/env python3
"""A small policy document server."""
import os

from flask import Flask, request, send_file

POLICY_ROOT = "/srv/policies"
ARCHIVE_ROOT = "/srv/policies/archive"

app = Flask(__name__)


def read_policy(name):
    with open(f"{POLICY_ROOT}/{name}", encoding="utf-8") as f:
        return f.read()


@app.route("/policy/<name>")
def policy(name):
    return send_file(os.path.join(POLICY_ROOT, name))


@app.route("/archive")
def archive():
    revision = request.args.get("file", "")
    return send_file(ARCHIVE_ROOT + "/" + revision)


@app.route("/upload", methods=["POST"])
def upload():
    doc = request.files["document"]
    target = os.path.join(POLICY_ROOT, request.form["filename"])
    with open(target, "wb") as out:
        out.write(doc.read())
    return {"stored": target}


if __name__ == "__main__":
    app.run(port=8080)
