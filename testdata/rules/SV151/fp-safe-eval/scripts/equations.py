"""Model equations: parsed, checked against allowed node types, then
evaluated in a namespace whose builtins are emptied and which is filled
only with math functions and numbers."""
import ast
import math

ALLOWED = (ast.Expression, ast.BinOp, ast.UnaryOp, ast.Name, ast.Load, ast.Constant,
           ast.Add, ast.Sub, ast.Mult, ast.Div, ast.Call)
FUNCS = {"exp": math.exp, "log": math.log}


def parse_equation(text):
    tree = ast.parse(text, mode="eval")
    for node in ast.walk(tree):
        if not isinstance(node, ALLOWED):
            raise ValueError(type(node).__name__)
    return tree


def evaluate(tree, values):
    env = {"__builtins__": {}}
    env.update(FUNCS)
    env.update(values)
    compiled = compile(tree, filename="<eq>", mode="eval")
    return eval(compiled, env)  # want "low SV151: eval evaluates an expression with builtins removed"
