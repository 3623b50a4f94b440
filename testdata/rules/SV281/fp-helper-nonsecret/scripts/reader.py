import sys


def report():
    return open(sys.argv[1]).read()


def banner():
    return "weekly report"
