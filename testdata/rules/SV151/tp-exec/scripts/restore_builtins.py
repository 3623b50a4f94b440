"""A namespace that looks restricted, but gets its builtins back."""
import builtins


def run_a(text):
    env = {"__builtins__": {}}
    env.update(vars(builtins))
    prog = compile(text, "<a>", "exec")
    exec(prog, env)  # want "high SV151: exec runs code passed in as a function argument"


def run_b(text):
    ns = {"__builtins__": None}
    ns["__builtins__"] = builtins
    return eval(text, ns)  # want "high SV151: eval runs code passed in as a function argument"


def run_c(text):
    obj = compile(text, "<c>", "exec")  # want "high SV151: compile runs code passed in as a function argument"
    exec(obj)  # want "high SV151: exec runs code passed in as a function argument"
    return obj
