package js

import (
	"strings"

	"github.com/dop251/goja/ast"
)

// maxReach bounds the expressions one Reach call visits.
const maxReach = 4000

// Reach calls fn for every expression whose value may flow into e: its
// sub-expressions, the initialisers and assignments of the names it uses
// (file-wide, so it over-approximates across scopes), the values returned
// by local functions it calls, the call a callback parameter comes from,
// and the object a for-in/for-of variable walks. fn returns false to stop
// descending below an expression. Each expression is visited once.
func (in *Info) Reach(e ast.Expression, fn func(ast.Expression) bool) {
	r := reacher{in: in, fn: fn, seen: map[ast.Node]bool{}, rets: map[ast.Node]bool{}}
	r.visit(e)
}

type reacher struct {
	in   *Info
	fn   func(ast.Expression) bool
	seen map[ast.Node]bool
	rets map[ast.Node]bool
	n    int
}

func (r *reacher) visit(e ast.Expression) {
	if e == nil || r.seen[e] || r.n > maxReach {
		return
	}
	r.seen[e] = true
	r.n++
	if !r.fn(e) {
		return
	}
	switch x := e.(type) {
	case *ast.Identifier:
		for _, def := range r.in.defs(x) {
			r.def(def)
			// what was stored into its members: snapshot[k] = v, arr.push(v)
			for _, v := range r.in.storesOf(def) {
				r.visit(v)
			}
		}
	case *ast.DotExpression:
		r.visit(x.Left)
		if name, ok := thisProp(x); ok {
			// a class field: what the class stores in it
			for _, v := range r.in.idx.thisProps[name] {
				r.visit(v)
			}
		}
	case *ast.BracketExpression:
		r.visit(x.Left)
		r.visit(x.Member)
	case *ast.CallExpression:
		r.visit(x.Callee)
		// a call of a local function returns what its returns hold, which
		// is followed below (its parameters to the arguments of its
		// calls); any other call may return something built from its
		// arguments
		if !r.localFunc(x.Callee) {
			for _, a := range x.ArgumentList {
				r.visit(a)
			}
		}
		if dot, ok := x.Callee.(*ast.DotExpression); ok {
			// obj.method(): what the class methods of that name return
			for _, m := range r.in.idx.methods[dot.Identifier.Name.String()] {
				r.returns(m)
			}
			switch dot.Identifier.Name.String() {
			case "map", "flatMap", "then", "catch", "finally", "reduce", "filter", "find":
				// what a callback returns becomes (part of) the result
				for _, a := range x.ArgumentList {
					switch a.(type) {
					case *ast.FunctionLiteral, *ast.ArrowFunctionLiteral:
						r.returns(a)
					}
				}
			}
		}
		if id, ok := x.Callee.(*ast.Identifier); ok {
			for _, def := range r.in.defs(id) {
				r.returns(def.Init)
			}
		}
	case *ast.NewExpression:
		r.visit(x.Callee)
		for _, a := range x.ArgumentList {
			r.visit(a)
		}
	case *ast.BinaryExpression:
		r.visit(x.Left)
		r.visit(x.Right)
	case *ast.TemplateLiteral:
		for _, s := range x.Expressions {
			r.visit(s)
		}
	case *ast.ArrayLiteral:
		for _, v := range x.Value {
			r.visit(v)
		}
	case *ast.ObjectLiteral:
		for _, p := range x.Value {
			switch p := p.(type) {
			case *ast.PropertyKeyed:
				r.visit(p.Value)
			case *ast.PropertyShort:
				id := p.Name
				r.visit(&id)
			case *ast.SpreadElement:
				r.visit(p.Expression)
			}
		}
	case *ast.SpreadElement:
		r.visit(x.Expression)
	case *ast.ConditionalExpression:
		r.visit(x.Consequent)
		r.visit(x.Alternate)
	case *ast.AwaitExpression:
		r.visit(x.Argument)
	case *ast.SequenceExpression:
		if len(x.Sequence) > 0 {
			r.visit(x.Sequence[len(x.Sequence)-1])
		}
	case *ast.UnaryExpression:
		r.visit(x.Operand)
	case *ast.AssignExpression:
		r.visit(x.Right)
	case *ast.OptionalChain:
		r.visit(x.Expression)
	case *ast.Optional:
		r.visit(x.Expression)
	case *ast.YieldExpression:
		r.visit(x.Argument)
	}
}

func (r *reacher) def(d *Def) {
	if d.Init != nil {
		r.visit(d.Init)
	}
	if d.From != nil {
		r.visit(d.From)
	}
	if d.Param && d.Node != nil {
		if c := r.in.idx.cbCall[d.Node]; c != nil {
			r.visit(c)
			return
		}
		// a parameter of a local function: the arguments of its calls
		if i := paramIndex(d.Node, d.Name); i >= 0 {
			for _, c := range r.in.callsOf(d.Node) {
				if i < len(c.ArgumentList) {
					r.visit(c.ArgumentList[i])
				}
			}
		}
	}
}

// ParamList returns the parameter list of a function or arrow function
// literal, or nil for any other node.
func ParamList(fn ast.Node) *ast.ParameterList {
	switch f := fn.(type) {
	case *ast.FunctionLiteral:
		return f.ParameterList
	case *ast.ArrowFunctionLiteral:
		return f.ParameterList
	}
	return nil
}

// paramIndex is the position of a plain identifier parameter of fn.
func paramIndex(fn ast.Node, name string) int {
	pl := ParamList(fn)
	if pl == nil {
		return -1
	}
	for i, b := range pl.List {
		if id, ok := b.Target.(*ast.Identifier); ok && id.Name.String() == name {
			return i
		}
	}
	return -1
}

// callsOf returns the calls of a local function by name (f(...) where f
// is bound once to the function).
func (in *Info) callsOf(fn ast.Node) []*ast.CallExpression {
	in.mu.Lock()
	built := in.fnCalls != nil
	in.mu.Unlock()
	if !built {
		m := map[ast.Node][]*ast.CallExpression{}
		for _, c := range in.idx.calls {
			if dot, ok := c.Callee.(*ast.DotExpression); ok {
				// obj.method(args): the arguments of every class method of
				// that name
				for _, fn := range in.idx.methods[dot.Identifier.Name.String()] {
					m[fn] = append(m[fn], c)
				}
				continue
			}
			id, ok := c.Callee.(*ast.Identifier)
			if !ok {
				continue
			}
			if def := in.SingleDef(id); def != nil && def.Init != nil && len(def.Path) == 0 {
				switch def.Init.(type) {
				case *ast.FunctionLiteral, *ast.ArrowFunctionLiteral:
					m[def.Init] = append(m[def.Init], c)
				}
			}
		}
		in.mu.Lock()
		in.fnCalls = m
		in.mu.Unlock()
	}
	in.mu.Lock()
	defer in.mu.Unlock()
	return in.fnCalls[fn]
}

// returns visits what a local function returns.
// localFunc reports a callee that is a function of this file in every
// definition, whose result is what its return statements hold: not a
// generator, and not reading its arguments through arguments[i].
func (r *reacher) localFunc(callee ast.Expression) bool {
	id, ok := callee.(*ast.Identifier)
	if !ok {
		return false
	}
	defs := r.in.defs(id)
	if len(defs) == 0 {
		return false
	}
	for _, d := range defs {
		switch f := d.Init.(type) {
		case *ast.FunctionLiteral:
			if f.Generator || strings.Contains(r.in.p.Src(f.Body), "arguments") {
				return false
			}
		case *ast.ArrowFunctionLiteral:
		default:
			return false
		}
		if d.Param || d.Compound || len(d.Path) > 0 {
			return false
		}
	}
	return true
}

func (r *reacher) returns(f ast.Expression) {
	if f == nil || r.rets[f] {
		return
	}
	r.rets[f] = true
	var body ast.Node
	switch f := f.(type) {
	case *ast.FunctionLiteral:
		body = f.Body
	case *ast.ArrowFunctionLiteral:
		if eb, ok := f.Body.(*ast.ExpressionBody); ok {
			r.visit(eb.Expression)
			return
		}
		body = f.Body
	default:
		return
	}
	Walk(body, func(n ast.Node, _ []ast.Node) bool {
		switch n := n.(type) {
		case *ast.FunctionLiteral, *ast.ArrowFunctionLiteral:
			return false
		case *ast.ReturnStatement:
			r.visit(n.Argument)
		}
		return true
	})
}

// KeyStrings returns the constant strings a variable used as a computed
// key takes, when all of them are known: a loop over a constant array
// (for (const name of ["A", "B"]), ["A", "B"].forEach(name => …)), or a
// parameter of a local function every call of which passes a string
// constant (requireEnv("KAPSO_API_KEY")).
func (in *Info) KeyStrings(id *ast.Identifier) ([]string, bool) {
	d := in.SingleDef(id)
	if d == nil {
		return nil, false
	}
	if !d.Param {
		if d.Init != nil && !d.Compound {
			if v, ok := in.Str(d.Init); ok {
				return []string{v}, true
			}
		}
		return nil, false
	}
	if d.From != nil {
		from := d.From
		if c, ok := from.(*ast.CallExpression); ok {
			if dot, ok := c.Callee.(*ast.DotExpression); ok {
				from = dot.Left // ["A", "B"].forEach(name => …)
			}
		}
		return in.Strs(from)
	}
	if d.Node == nil || in.idx.cbCall[d.Node] != nil {
		return nil, false
	}
	i := paramIndex(d.Node, d.Name)
	calls := in.callsOf(d.Node)
	if i < 0 || len(calls) == 0 {
		return nil, false
	}
	var out []string
	for _, c := range calls {
		if i >= len(c.ArgumentList) {
			return nil, false
		}
		v, ok := in.Str(c.ArgumentList[i])
		if !ok {
			return nil, false
		}
		out = append(out, v)
	}
	return out, true
}
