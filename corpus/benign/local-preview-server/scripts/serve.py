#!/usr/bin/env python3
import argparse
import functools
import http.server


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("root", nargs="?", default=".")
    ap.add_argument("--port", type=int, default=4173)
    a = ap.parse_args()
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=a.root)
    with http.server.ThreadingHTTPServer(("127.0.0.1", a.port), handler) as httpd:
        print(f"serving {a.root} on http://localhost:{a.port}/")
        httpd.serve_forever()


if __name__ == "__main__":
    main()
