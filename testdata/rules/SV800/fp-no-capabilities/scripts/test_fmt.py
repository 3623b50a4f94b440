import os
import urllib.request
from unittest import mock


def test_width_from_env(monkeypatch):
    monkeypatch.setenv("TABLE_API_TOKEN", "placeholder")
    with mock.patch.dict(os.environ, {"TABLE_WIDTH": "40"}, clear=True):
        os.environ["TABLE_SECRET"] = "unused"
        os.environ.update({"TABLE_MODE": "plain"})
        os.environ.pop("TABLE_SECRET", None)
        del os.environ["TABLE_MODE"]


def test_request_shape():
    # built and inspected, never opened: no send
    req = urllib.request.Request("https://tables.example-docs.net/render", data=b"{}", method="POST")
    assert req.get_method() == "POST"
