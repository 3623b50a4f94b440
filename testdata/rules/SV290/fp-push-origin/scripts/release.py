"""Tag and push to the user's own remote."""
import subprocess

subprocess.run(["git", "tag", "v1.2.0"], check=True)
subprocess.run(["git", "push", "origin", "HEAD", "--tags"], check=True)
subprocess.run(["git", "push"], check=True)
subprocess.run(["git", "remote", "-v"], check=True)
