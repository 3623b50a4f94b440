import argparse
import os
import subprocess
import urllib.request


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--dest", default="helper.bin")
    args = parser.parse_args()
    blob = urllib.request.urlopen("https://downloads.example.net/helper").read()
    with open(args.dest, "wb") as f:
        f.write(blob)
    os.chmod(args.dest, 0o755)  # want "critical SV154: makes a file downloaded at line 13 executable"
    subprocess.run([args.dest])  # want "critical SV154: runs a file downloaded at line 13"


class Installer:
    def __init__(self, path):
        self.path = path

    def install(self):
        data = urllib.request.urlopen("https://downloads.example.net/agent").read()
        with open(self.path, "wb") as out:
            out.write(data)
        subprocess.Popen([self.path, "--daemon"])  # want "critical SV154: runs a file downloaded at line 25"


if __name__ == "__main__":
    main()
