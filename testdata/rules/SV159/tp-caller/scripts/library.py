import os
import shutil
from pathlib import Path

from flask import Flask, request, send_file

app = Flask(__name__)

TEMPLATES = "/srv/letters/templates"
NOTES = Path.home() / "notes"
REPORTS = "/opt/reports"


def load_template(name):
    path = os.path.join(TEMPLATES, name)
    with open(path, encoding="utf-8") as f:  # want "high SV159: open uses a path under the directory /srv/letters/templates built from parameter name of load_template"
        return f.read()


def read_note(title):
    return (NOTES / title).read_text()  # want "high SV159: .*read_text uses a path under the directory ~/notes built from parameter title"


def save_report(report_name, body):
    with open(REPORTS + "/" + report_name + ".md", "w") as out:  # want "high SV159: .*/opt/reports built from parameter report_name"
        out.write(body)


def drop_workspace(workspace):
    shutil.rmtree(f"/var/lib/letters/{workspace}")  # want "high SV159: shutil.rmtree .*/var/lib/letters/ built from parameter workspace"


@app.route("/attachments/<attachment>")
def attachment(attachment):
    return send_file(os.path.join("/srv/attachments", attachment))  # want "high SV159: flask.send_file .*parameter attachment of attachment"


@app.route("/logo")
def logo():
    variant = request.args.get("variant", "default.png")
    return send_file(Path("/srv/logos") / variant)  # want "high SV159: .*user input \\(flask.request.args.get\\)"


def remove_archive(archive):
    os.remove("/var/archive/%s.tar" % archive)  # want "high SV159: os.remove .*/var/archive/ built from parameter archive"


def export_sheet(sheet, body):
    Path("/srv/exports/{}.csv".format(sheet)).write_text(body)  # want "high SV159: .*write_text .*/srv/exports/ built from parameter sheet"


def _entry_name(label):
    # a local helper that keeps the caller's text in the name it returns
    return label.strip() + ".json"


def load_entry(label):
    return (NOTES / _entry_name(label)).read_text()  # want "high SV159: .*read_text uses a path under the directory ~/notes built from parameter label"
