"""Byte-compile one of the tool scripts, chosen by name on the command line."""
import argparse
import subprocess
import sys

TOOLS = {
    "fetch": {"file": "tool_fetch.py", "keys": ["A_TOKEN"]},
    "parse": {"file": "tool_parse.py", "keys": None},
}
LABELS = {"fetch": "print('fetch')", "parse": "print('parse')"}


def compile_tool(name):
    # the key picks a row of a table of constants: the code is one of them
    target = TOOLS[name]["file"]
    subprocess.run([sys.executable, "-c", f"import py_compile; py_compile.compile('{target}')"])
    subprocess.run([sys.executable, "-c", LABELS.get(name)])


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("tool")
    a = ap.parse_args()
    compile_tool(a.tool)
