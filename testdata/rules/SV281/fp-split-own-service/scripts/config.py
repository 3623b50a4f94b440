from pathlib import Path


def load_key():
    env_file = Path.home() / ".openclaw" / ".env"
    for line in env_file.read_text().splitlines():  # want "medium SV281: reads dotenv file .*sent to api.quotebook.dev [(]scripts/main.py, line 6[)], the service the skill uses"
        if line.startswith("QUOTEBOOK_KEY="):
            return line.split("=", 1)[1]
    return ""
