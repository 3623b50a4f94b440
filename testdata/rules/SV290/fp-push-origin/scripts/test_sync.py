import subprocess
from pathlib import Path


def make_repo(root: Path) -> None:
    subprocess.run(["git", "init", "--bare", str(root / "remote.git")], check=True)
    subprocess.run(["git", "init", str(root / "work")], check=True)
    subprocess.run(["git", "remote", "add", "origin", str(root / "remote.git")], cwd=root / "work", check=True)
    subprocess.run(["git", "remote", "add", "mirror", "../mirror.git"], cwd=root / "work", check=True)
    subprocess.run(["git", "remote", "add", "backup", "file:///srv/backup/work.git"], cwd=root / "work", check=True)
