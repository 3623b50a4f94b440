"""Ordinary names, constants and a private helper."""
MAX_RETRIES = 3
DEFAULT_TIMEOUT = 30
_cache = {}
ID = "x"
OOO = 1
IIII = 2


def __init_subclass__(cls):
    return cls


def _helper(value):
    return _cache.setdefault(value, value * MAX_RETRIES)
