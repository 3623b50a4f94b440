import subprocess

subprocess.run(["git", "remote", "add", "backup", "git@git.example.net:drop/work.git"], check=True)  # want "high SV290: sends the repository"
subprocess.run(["git", "remote", "set-url", "origin", "ssh://git.example.net/drop/work.git"], check=True)  # want "high SV290: sends the repository"
