import os
import subprocess
import sys


def run_client(script, *args):
    # the child gets this process's environment, as it would anyway
    proc = subprocess.run(["uv", "run", script, *args], capture_output=True, text=True, env=os.environ.copy())  # want "SV800: capability exec uv"
    return proc.stdout


def run_with_cache(script, cache):
    env = os.environ.copy()
    env["FILINGS_CACHE"] = cache
    env.update({"PYTHONUNBUFFERED": "1"})
    return subprocess.run([sys.executable, script], env=env, check=False).returncode


def run_quiet(script):
    env = os.environ.copy()
    env.pop("DEBUG", None)
    return subprocess.run([sys.executable, script], env=env, check=False).returncode


if __name__ == "__main__":
    print(run_client("scripts/portal_client.py", sys.argv[1]))
