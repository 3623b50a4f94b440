"""Patterns for committed key files: the PEM markers are what we look for,
not keys."""
import re

PATTERNS = [
    ("rsa", re.compile(r'-----BEGIN RSA PRIVATE KEY-----'), "critical",
     "Move the key into a secrets manager and rotate it"),
    ("ec", re.compile(r'-----BEGIN EC PRIVATE KEY-----'), "critical",
     "Keys belong in a hardware module or a key service"),
    ("openssh", re.compile(r'-----BEGIN OPENSSH PRIVATE KEY-----'), "critical",
     "Never commit SSH keys; revoke this one"),
]


def scan(text):
    return [name for name, rx, _sev, _fix in PATTERNS if rx.search(text)]
