import os
import re
from pathlib import Path

from werkzeug.utils import secure_filename

ROOT = "/srv/shared"
ROOT_PATH = Path("/srv/shared").resolve()
ALLOWED = {"terms.md", "privacy.md"}


def read_checked(name):
    path = os.path.realpath(os.path.join(ROOT, name))
    if not path.startswith(ROOT + os.sep):
        raise ValueError("outside the shared directory")
    with open(path) as f:
        return f.read()


def read_resolved(name):
    path = (ROOT_PATH / name).resolve()
    if not path.is_relative_to(ROOT_PATH):
        raise ValueError("outside the shared directory")
    return path.read_text()


def read_common(name):
    path = os.path.abspath(os.path.join(ROOT, name))
    if os.path.commonpath([path, ROOT]) != ROOT:
        raise ValueError("outside the shared directory")
    return open(path).read()


def read_base(name):
    return open(os.path.join(ROOT, os.path.basename(name))).read()


def save_upload(upload, data):
    with open(os.path.join(ROOT, secure_filename(upload)), "wb") as f:
        f.write(data)


def read_dotdot(name):
    if ".." in name or name.startswith("/"):
        raise ValueError("bad name")
    return open(f"{ROOT}/{name}").read()


def read_allowed(name):
    if name not in ALLOWED:
        raise ValueError("unknown document")
    return open(os.path.join(ROOT, name)).read()


def read_pattern(name):
    if not re.fullmatch(r"[a-z0-9_-]+\.md", name):
        raise ValueError("bad name")
    return open(os.path.join(ROOT, name)).read()


def read_leaf(name):
    return (ROOT_PATH / Path(name).name).read_text()
