"""A Flask app on localhost and an ordinary SSH command."""
import subprocess

from flask import Flask

app = Flask(__name__)
subprocess.run(["ssh", "-L", "5432:db.internal:5432", "bastion.example.com", "true"], check=False)
subprocess.run(["git", "push", "origin", "main"], check=False)

if __name__ == "__main__":
    app.run(host="127.0.0.1", port=8080)
target = "deploy@build-01.example.com"
check = subprocess.run(["ssh", target, "ls ~/agent-skills/scripts/my-script.sh 2>/dev/null && echo OK"], capture_output=True)
