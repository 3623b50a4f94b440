import os
import sys
import unittest
import urllib.request
from unittest.mock import patch

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "scripts"))
from fetcher import SameSiteRedirects


class RedirectPolicyTest(unittest.TestCase):
    def test_upload_not_redirected_in_strict_mode(self):
        handler = SameSiteRedirects()
        req = urllib.request.Request("https://uploads.docs-origin.net/v1/put", data=b"{}", method="POST")
        with patch.dict(os.environ, {"FETCHER_STRICT": "1"}):
            moved = handler.redirect_request(req, None, 307, "Temporary Redirect", {}, "https://elsewhere.docs-mirror.net/")
        self.assertIsNone(moved)

    def test_environment_is_restored(self):
        os.environ["FETCHER_API_TOKEN"] = "not-a-real-token"
        os.environ.update({"FETCHER_STRICT": "0"})
        os.environ.pop("FETCHER_API_TOKEN", None)
        assert "FETCHER_API_TOKEN" not in os.environ


def test_token_from_monkeypatch(monkeypatch):
    monkeypatch.setenv("GITHUB_TOKEN", "placeholder")
    monkeypatch.delenv("AWS_SECRET_ACCESS_KEY", raising=False)
    assert SameSiteRedirects() is not None
