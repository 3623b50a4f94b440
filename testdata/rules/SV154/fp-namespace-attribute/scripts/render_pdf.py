import argparse
import subprocess
import urllib.request


def start_browser(binary, page):
    # a list named args, local to this function: the browser's command line
    args = [binary, "--headless", "--remote-debugging-port=9222", page]
    return subprocess.Popen(args, stdout=subprocess.DEVNULL)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--output", default="out.pdf")
    args = parser.parse_args()
    proc = start_browser("chromium", "http://localhost:8000/")
    pdf = urllib.request.urlopen("http://localhost:9222/print").read()
    # the namespace's output attribute receives the document
    with open(args.output, "wb") as f:
        f.write(pdf)
    proc.terminate()


if __name__ == "__main__":
    main()
