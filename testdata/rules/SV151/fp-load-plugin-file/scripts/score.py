import pathlib


def load_scorer(scorer_path):
    """Load the user's scorer file and return its score() function."""
    with open(scorer_path, encoding="utf-8") as fh:
        text = fh.read()
    ns = {}
    exec(compile(text, scorer_path, "exec"), ns)  # want "medium SV151: exec runs the Python file at a path its caller names" "medium SV151: compile runs the Python file"
    return ns["score"]


def load_rules(path):
    ns = {}
    exec(pathlib.Path(path).read_text(), ns)  # want "medium SV151: .*runs the Python file at a path its caller names"
    return ns

