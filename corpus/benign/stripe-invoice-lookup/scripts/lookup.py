#!/usr/bin/env python3
import os
import sys

import requests

API = "https://api.stripe.com/v1"


def session():
    key = os.environ.get("STRIPE_API_KEY")
    if not key:
        sys.exit("STRIPE_API_KEY is not set")
    s = requests.Session()
    s.auth = (key, "")
    return s


def by_email(s, email):
    customers = s.get(f"{API}/customers", params={"email": email, "limit": 5}, timeout=20).json()["data"]
    for c in customers:
        inv = s.get(f"{API}/invoices", params={"customer": c["id"], "limit": 10}, timeout=20).json()["data"]
        for i in inv:
            print(f"{i['number']}\t{i['status']}\t{i['amount_due'] / 100:.2f} {i['currency'].upper()}\t{i['hosted_invoice_url']}")


def by_invoice(s, inv_id):
    i = s.get(f"{API}/invoices/{inv_id}", timeout=20).json()
    print(f"{i['number']}\t{i['status']}\t{i['amount_due'] / 100:.2f} {i['currency'].upper()}")


if __name__ == "__main__":
    s = session()
    if sys.argv[1] == "--invoice":
        by_invoice(s, sys.argv[2])
    else:
        by_email(s, sys.argv[1])
