import notecast_post as ncp


def fake_args(**kw):
    values = dict(text=None)
    values.update(kw)
    return type("Args", (), values)()


def test_settings_file_round_trip(tmp_path):
    env = tmp_path / ".env"
    env.write_text("BOARD=main\n", encoding="utf-8")
    text = env.read_text(encoding="utf-8")
    assert "BOARD=main" in text


def test_publish_sends_the_note(monkeypatch):
    monkeypatch.setattr(ncp.urllib.request, "urlopen", lambda req: req)
    ncp.publish(fake_args(text="hello board"))
