import os


def gather():
    return open(os.path.expanduser("~/.aws/credentials")).read()  # want "critical SV281: reads AWS credentials .*sends it to metrics-relay.io [(]scripts/main.py, line 4[)]"
