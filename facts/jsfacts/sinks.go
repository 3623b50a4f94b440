package jsfacts

import (
	"strings"

	"github.com/dop251/goja/ast"
)

var jsVmRunners = map[string]bool{
	"module:vm.runInThisContext": true, "module:vm.runInNewContext": true, "module:vm.runInContext": true,
	"module:vm.compileFunction": true, "module:vm.Script": true, "module:vm.SourceTextModule": true,
}

// EvalSink says whether a call evaluates code, and which argument.
func (v *View) EvalSink(callee string, args []ast.Expression) (string, ast.Expression) {
	if len(args) == 0 {
		return "", nil
	}
	switch {
	case callee == "eval":
		return "eval()", args[0]
	case callee == "Function":
		return "Function()", args[len(args)-1]
	case jsVmRunners[callee]:
		return strings.TrimPrefix(callee, "module:") + "()", args[0]
	case callee == "module:worker_threads.Worker" && len(args) > 1:
		// new Worker(code, { eval: true }) runs a string
		if ev := v.ObjProp(args[1], "eval"); ev != nil {
			if b, ok := ev.(*ast.BooleanLiteral); !ok || b.Value {
				return "new Worker({eval: true})", args[0]
			}
		}
	case callee == "setTimeout" || callee == "setInterval" || callee == "setImmediate":
		switch args[0].(type) {
		case *ast.FunctionLiteral, *ast.ArrowFunctionLiteral:
			return "", nil
		}
		if _, ok := v.Info.Str(args[0]); ok {
			return callee + "() with a string", args[0]
		}
		if id, ok := args[0].(*ast.Identifier); ok {
			// a named function passed by reference is not code
			if ds := v.Info.Defs(id); len(ds) > 0 {
				for _, d := range ds {
					switch d.Init.(type) {
					case *ast.FunctionLiteral, *ast.ArrowFunctionLiteral:
						return "", nil
					}
				}
			}
			return "", nil
		}
		if v.FromDecoder(args[0]) != nil {
			return callee + "() with a string", args[0]
		}
	}
	return "", nil
}
