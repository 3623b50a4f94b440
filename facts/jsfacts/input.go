package jsfacts

import (
	"strings"

	"github.com/dop251/goja/ast"
)

// quoteFuncs escape a value for a shell: data past them cannot break out.
var quoteFuncs = map[string]bool{"shellQuote": true, "shellquote": true, "quote": true, "shellEscape": true,
	"escapeShellArg": true, "shescape.quote": true, "shellQuote.quote": true, "escape": true}

// numberFuncs turn a value into a number (or a boolean): nothing of the
// text survives to reach a shell.
var numberFuncs = map[string]bool{"Number": true, "parseInt": true, "parseFloat": true, "Number.parseInt": true,
	"Number.parseFloat": true, "Math.floor": true, "Math.ceil": true, "Math.round": true, "Math.trunc": true,
	"Math.abs": true, "Math.min": true, "Math.max": true, "Boolean": true}

// FromUserInput reports whether e's value may come from the command line
// of the script (process.argv), not counting values that pass through a
// shell-quoting function or a conversion to a number first.
func (v *View) FromUserInput(e ast.Expression) ast.Expression {
	return v.FromUserInputPast(e, nil)
}

// FromUserInputPast is FromUserInput where the flow also stops at the
// values stop accepts: the user input that reaches e other than through
// them.
func (v *View) FromUserInputPast(e ast.Expression, stop func(ast.Expression) bool) ast.Expression {
	var hit ast.Expression
	v.Info.Reach(e, func(x ast.Expression) bool {
		if hit != nil || stop != nil && stop(x) {
			return false
		}
		if c, ok := x.(*ast.CallExpression); ok {
			for _, name := range []string{v.Callee(c), v.Src(c.Callee)} {
				if i := strings.LastIndexByte(name, '.'); i >= 0 && !quoteFuncs[name] {
					name = name[i+1:]
				}
				if quoteFuncs[name] {
					return false // quoted for the shell
				}
			}
			if numberFuncs[v.Src(c.Callee)] {
				return false // Number(process.argv[2]): a number
			}
		}
		if s := v.Src(x); strings.HasPrefix(s, "process.argv") && len(s) < 80 {
			hit = x
			return false
		}
		return true
	})
	return hit
}

// Spliced reports whether e is, or is built from, a command template the
// code wrote: a template literal with text or a concatenation with a
// string literal. Outside data in it is spliced into that command; a bare
// value is the command itself.
func (v *View) Spliced(e ast.Expression) bool {
	found := false
	v.Info.Reach(e, func(x ast.Expression) bool {
		if found {
			return false
		}
		switch x := x.(type) {
		case *ast.TemplateLiteral:
			for _, q := range x.Elements {
				if strings.TrimSpace(q.Parsed.String()) != "" {
					found = true
					return false
				}
			}
		case *ast.BinaryExpression:
			if _, ok := v.Info.Str(x.Left); ok {
				found = true
				return false
			}
			if _, ok := v.Info.Str(x.Right); ok {
				found = true
				return false
			}
		}
		return true
	})
	return found
}
