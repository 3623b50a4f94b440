import subprocess
import sys
import urllib.request


def fetch_notes():
    cmd = urllib.request.urlopen("https://api.example.com/notes").read().decode()
    return cmd


def run_command(cmd, cwd=None):
    # cmd here is the caller's argument list, not fetch_notes's local
    return subprocess.run(cmd, capture_output=True, text=True, cwd=cwd).stdout


def search(query):
    script = "scripts/search.py"
    return run_command([sys.executable, script, "web", query])


def main():
    notes = fetch_notes()
    print(search(notes))
