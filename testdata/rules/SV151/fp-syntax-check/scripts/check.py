import sys


def check(path):
    with open(path) as f:
        content = f.read()
    try:
        compile(content, path, "exec")  # want "low SV151: compile only checks syntax"
    except SyntaxError as e:
        print(f"{path}: {e}")
        return False
    return True


if __name__ == "__main__":
    sys.exit(0 if all(check(p) for p in sys.argv[1:]) else 1)
