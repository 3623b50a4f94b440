"""Reads the project's own .env and settings; writes nothing sensitive."""
import os
from dotenv import load_dotenv

load_dotenv()
with open(".env") as fh:
    local = fh.read()
with open(os.path.join(os.path.dirname(__file__), ".env.example")) as fh:
    example = fh.read()
gitconfig = open(os.path.expanduser("~/.gitconfig")).read()
print("Put your key in ~/.ssh/id_rsa or ~/.aws/credentials")
settings = open("config/settings.json").read()
