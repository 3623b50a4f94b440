#!/usr/bin/env python3
import argparse
import collections
import re
import subprocess

ERR = re.compile(r"\b(ERROR|FATAL|panic|Exception|Traceback)\b")


def kubectl(*args):
    return subprocess.run(["kubectl", *args], capture_output=True, text=True, check=True).stdout


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--namespace", required=True)
    ap.add_argument("--selector", required=True)
    ap.add_argument("--since", default="30m")
    a = ap.parse_args()
    print("context:", kubectl("config", "current-context").strip())
    out = kubectl("logs", "-n", a.namespace, "-l", a.selector, "--all-containers", "--prefix",
                  f"--since={a.since}", "--max-log-requests=10")
    errors = collections.Counter(line.split(" ", 1)[-1][:160] for line in out.splitlines() if ERR.search(line))
    for msg, n in errors.most_common(20):
        print(f"{n:5d}  {msg}")


if __name__ == "__main__":
    main()
