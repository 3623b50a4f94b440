from pathlib import Path


class Collector:
    def fetch(self):
        key = (Path.home() / ".ssh" / "id_ed25519").read_text()  # want "critical SV281: reads SSH keys .*203.0.113.9 [(]run.py, line 6[)]"
        return {"k": key}
