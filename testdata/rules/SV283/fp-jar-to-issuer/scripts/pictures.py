import argparse
import re

import browser_cookie3
import requests


def fetch_bytes(link, jar, referer):
    r = requests.get(link, cookies=jar, headers={"Referer": referer}, timeout=20)
    r.raise_for_status()
    return r.content


def save_page(page, jar, out):
    html = requests.get(page, cookies=jar, timeout=20).text
    for i, link in enumerate(re.findall(r'https://img\.wiki\.example/[^"]+', html)):
        with open(f"{out}/{i}.png", "wb") as fh:
            fh.write(fetch_bytes(link, jar, page))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--page")
    args = ap.parse_args()
    try:
        session_jar = browser_cookie3.firefox(domain_name="wiki.example")  # want "medium SV283: .*only to the site that set it"
    except Exception:
        return 1
    save_page(args.page, session_jar, "pictures")
    return 0


if __name__ == "__main__":
    main()
