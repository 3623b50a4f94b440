def double(x):
    return x * 2


def analyze(data):
    while True:  # want "SV745: endless loop .line 6. that only computes"
        double(data)


def count():
    n = 0
    while 1:  # want "SV745: endless loop .line 12. that only computes"
        n = (n + len(str(n))) % 97
