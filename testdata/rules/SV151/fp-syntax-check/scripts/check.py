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


def run_it(path):
    with open(path) as f:
        code = compile(f.read(), path, "exec")  # want "SV151: compile"
    exec(code)  # want "SV151: exec"


if __name__ == "__main__":
    sys.exit(0 if all(check(p) for p in sys.argv[1:]) else 1)
