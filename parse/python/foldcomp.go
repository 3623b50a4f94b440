package python

import (
	"strconv"
	"unicode/utf8"
)

// Comprehensions whose element is computed from the loop variables —
// the XOR decoders of obfuscated payloads:
//
//	bytes(c ^ k[i % len(k)] for i, c in enumerate(base64.b85decode(blob)))
//	''.join(chr(ord(c) ^ 0x5a) for c in data)
//	bytes(a ^ b for a, b in zip(data, itertools.cycle(key)))
//
// are evaluated item by item by a small integer-expression evaluator: the
// operators | ^ & << >> + - * // % ~, parentheses, subscripts, ord, chr,
// len and int, the loop variables, and module constants (folded). A
// one-character string used as a number stands for its code, which is what
// iterating bytes gives in Python.

// maxCompItems bounds the items one comprehension is evaluated for.
const maxCompItems = 1 << 16

type compEnv map[string]fval

// foldGenComprehension evaluates "ELEM for TARGET in ITER" (tokens [i, e),
// "for" at f) into a list.
func (m *Module) foldGenComprehension(i, f, e int) (fval, bool) {
	// target: NAME, NAME, NAME or (NAME, NAME)
	k := f + 1
	var names []string
	paren := m.Is(k, "(")
	if paren {
		k++
	}
	for k < e && m.Toks[k].Kind == Name && !m.Is(k, "in") {
		names = append(names, m.Text(k))
		k++
		if m.Is(k, ",") {
			k++
		}
	}
	if paren {
		if !m.Is(k, ")") {
			return fval{}, false
		}
		k++
	}
	if len(names) == 0 || len(names) > 2 || !m.Is(k, "in") || m.topLevel(k+1, e, "if") || m.topLevel(k+1, e, "for") {
		return fval{}, false
	}
	items, ok := m.compIter(k+1, e, len(names))
	if !ok || len(items) > maxCompItems {
		return fval{}, false
	}
	out := fval{isList: true}
	env := compEnv{}
	size := 0
	for _, it := range items {
		for n, name := range names {
			env[name] = it[n]
		}
		v, ok := m.evalComp(i, f, env)
		if !ok {
			return fval{}, false
		}
		if size += len(v.s) + 1; size > maxFold {
			return fval{}, false // the items add up to more than one folded value may hold
		}
		out.list = append(out.list, v)
	}
	return out, true
}

// compIter returns the items of a comprehension's iterable, each as the
// values of the n target names: enumerate(X), zip(X, Y) (Y may be
// itertools.cycle(Z)), range(…), or any foldable sequence.
func (m *Module) compIter(i, e, n int) ([][]fval, bool) {
	if i >= e {
		return nil, false
	}
	if m.Toks[i].Kind == Name && i+1 < e {
		name, _ := m.resolveHead(i)
		j := i + 1
		for j+1 < e && m.Is(j, ".") && m.Toks[j+1].Kind == Name {
			name += "." + m.Text(j+1)
			j += 2
		}
		if m.Is(j, "(") && int(m.Match[j]) == e-1 {
			args := m.args(j, e-1)
			switch name {
			case "enumerate":
				if n != 2 || len(args) != 1 {
					return nil, false
				}
				v, ok := m.foldArg(args, 0)
				if !ok {
					return nil, false
				}
				var out [][]fval
				for k, x := range chars(v) {
					out = append(out, []fval{{n: int64(k), isInt: true}, x})
				}
				return out, true
			case "zip":
				if n != 2 || len(args) != 2 {
					return nil, false
				}
				a, ok := m.foldArg(args, 0)
				if !ok {
					return nil, false
				}
				b, cycle, ok := m.zipSecond(args[1])
				if !ok {
					return nil, false
				}
				xs, ys := chars(a), chars(b)
				if len(ys) == 0 {
					return nil, false
				}
				var out [][]fval
				for k, x := range xs {
					if k >= len(ys) && !cycle {
						break
					}
					out = append(out, []fval{x, ys[k%len(ys)]})
				}
				return out, true
			case "range":
				if n != 1 || len(args) == 0 || len(args) > 2 {
					return nil, false
				}
				var bounds []int64
				for _, a := range args {
					v, ok := m.evalComp(a.Start, a.End, compEnv{})
					if !ok || !v.isInt {
						return nil, false
					}
					bounds = append(bounds, v.n)
				}
				lo, hi := int64(0), bounds[0]
				if len(bounds) == 2 {
					lo, hi = bounds[0], bounds[1]
				}
				if hi-lo > maxCompItems {
					return nil, false
				}
				var out [][]fval
				for x := lo; x < hi; x++ {
					out = append(out, []fval{{n: x, isInt: true}})
				}
				return out, true
			}
		}
	}
	if n != 1 {
		return nil, false
	}
	v, ok := m.foldExpr(i, e)
	if !ok {
		return nil, false
	}
	var out [][]fval
	for _, x := range chars(v) {
		out = append(out, []fval{x})
	}
	return out, true
}

// zipSecond folds zip's second argument, unwrapping itertools.cycle.
func (m *Module) zipSecond(a Arg) (fval, bool, bool) {
	i, e := a.Start, a.End
	if i >= e {
		return fval{}, false, false
	}
	if m.Toks[i].Kind == Name {
		name, _ := m.resolveHead(i)
		j := i + 1
		for j+1 < e && m.Is(j, ".") && m.Toks[j+1].Kind == Name {
			name += "." + m.Text(j+1)
			j += 2
		}
		if (name == "itertools.cycle" || name == "cycle") && m.Is(j, "(") && int(m.Match[j]) == e-1 {
			v, ok := m.foldArg(m.args(j, e-1), 0)
			return v, true, ok
		}
	}
	v, ok := m.foldExpr(i, e)
	return v, false, ok
}

// chars returns the items of a list, or the characters of a string: runes
// for text, bytes (one-byte strings) for bytes that are not UTF-8.
func chars(v fval) []fval {
	if v.isList {
		return v.list
	}
	if v.isInt {
		return nil
	}
	if utf8.ValidString(v.s) {
		return iterate(v)
	}
	out := make([]fval, len(v.s))
	for k := 0; k < len(v.s); k++ {
		out[k] = fval{s: v.s[k : k+1]}
	}
	return out
}

// asInt reads a value as a number: an int, or the code of a
// one-character string.
func asInt(v fval) (int64, bool) {
	switch {
	case v.isInt:
		return v.n, true
	case v.isList:
		return 0, false
	case len(v.s) == 1:
		return int64(v.s[0]), true
	}
	r, n := utf8.DecodeRuneInString(v.s)
	if n == len(v.s) && n > 0 && r != utf8.RuneError {
		return int64(r), true
	}
	return 0, false
}

// evalComp evaluates tokens [i, e) with the loop variables in env.
func (m *Module) evalComp(i, e int, env compEnv) (fval, bool) {
	c := compEval{m: m, env: env, e: e}
	v, k, ok := c.binary(i, 0)
	return v, ok && k == e
}

type compEval struct {
	m   *Module
	env compEnv
	e   int
}

// levels of binary operators, loosest first
var compLevels = [][]string{{"|"}, {"^"}, {"&"}, {"<<", ">>"}, {"+", "-"}, {"*", "//", "%"}}

func (c *compEval) binary(i, level int) (fval, int, bool) {
	if level == len(compLevels) {
		return c.unary(i)
	}
	v, k, ok := c.binary(i, level+1)
	for ok && k < c.e {
		op := ""
		for _, o := range compLevels[level] {
			if c.m.Is(k, o) {
				op = o
			}
		}
		if op == "" {
			break
		}
		var w fval
		w, k, ok = c.binary(k+1, level+1)
		if !ok {
			break
		}
		v, ok = compOp(op, v, w)
	}
	return v, k, ok
}

func compOp(op string, v, w fval) (fval, bool) {
	if op == "+" && !v.isInt && !w.isInt && !v.isList && !w.isList && (len(v.s) != 1 || len(w.s) != 1) {
		return fval{s: v.s + w.s}, len(v.s)+len(w.s) <= maxFold
	}
	a, ok1 := asInt(v)
	b, ok2 := asInt(w)
	if !ok1 || !ok2 {
		return fval{}, false
	}
	var r int64
	switch op {
	case "|":
		r = a | b
	case "^":
		r = a ^ b
	case "&":
		r = a & b
	case "<<":
		if b < 0 || b > 62 {
			return fval{}, false
		}
		r = a << b
	case ">>":
		if b < 0 || b > 62 {
			return fval{}, false
		}
		r = a >> b
	case "+":
		r = a + b
	case "-":
		r = a - b
	case "*":
		r = a * b
	case "//", "%":
		if b == 0 {
			return fval{}, false
		}
		q, md := a/b, a%b
		if md != 0 && (md < 0) != (b < 0) { // Python floors
			q--
			md += b
		}
		r = q
		if op == "%" {
			r = md
		}
	}
	return fval{n: r, isInt: true}, true
}

func (c *compEval) unary(i int) (fval, int, bool) {
	if i >= c.e {
		return fval{}, i, false
	}
	if c.m.Is(i, "-") || c.m.Is(i, "~") || c.m.Is(i, "+") {
		v, k, ok := c.unary(i + 1)
		n, ok2 := asInt(v)
		if !ok || !ok2 {
			return fval{}, k, false
		}
		switch c.m.Text(i) {
		case "-":
			n = -n
		case "~":
			n = ^n
		}
		return fval{n: n, isInt: true}, k, true
	}
	v, k, ok := c.atom(i)
	for ok && k < c.e && c.m.Is(k, "[") {
		cl := int(c.m.Match[k])
		if cl < 0 || cl >= c.e {
			return fval{}, k, false
		}
		idx, j, ok2 := c.binary(k+1, 0)
		n, ok3 := asInt(idx)
		if !ok2 || j != cl || !ok3 || !idx.isInt {
			return fval{}, k, false
		}
		items := chars(v)
		if n < 0 {
			n += int64(len(items))
		}
		if n < 0 || n >= int64(len(items)) {
			return fval{}, k, false
		}
		v, k = items[n], cl+1
	}
	return v, k, ok
}

func (c *compEval) atom(i int) (fval, int, bool) {
	m := c.m
	tk := &m.Toks[i]
	switch tk.Kind {
	case Number:
		n, ok := parseInt(m.Text(i))
		return fval{n: n, isInt: true}, i + 1, ok
	case String:
		s, _ := m.Value(i)
		return fval{s: s}, i + 1, tk.Flags&FlagInterp == 0
	case Op:
		if m.Is(i, "(") {
			cl := int(m.Match[i])
			if cl < 0 || cl >= c.e {
				return fval{}, i, false
			}
			v, k, ok := c.binary(i+1, 0)
			return v, cl + 1, ok && k == cl
		}
		return fval{}, i, false
	case Name:
		name := m.Text(i)
		if v, ok := c.env[name]; ok && !m.Is(i+1, "(") {
			return v, i + 1, true
		}
		if m.Is(i+1, "(") {
			cl := int(m.Match[i+1])
			if cl < 0 || cl >= c.e {
				return fval{}, i, false
			}
			args := m.args(i+1, cl)
			if len(args) != 1 {
				return fval{}, i, false
			}
			a, k, ok := c.binary(args[0].Start, 0)
			if !ok || k != args[0].End {
				return fval{}, i, false
			}
			switch name {
			case "ord":
				n, ok := asInt(a)
				return fval{n: n, isInt: true}, cl + 1, ok && !a.isInt
			case "chr":
				if !a.isInt || a.n < 0 || a.n > 0x10ffff {
					return fval{}, i, false
				}
				return fval{s: string(rune(a.n))}, cl + 1, true
			case "len":
				if a.isInt {
					return fval{}, i, false
				}
				return fval{n: int64(len(chars(a))), isInt: true}, cl + 1, true
			case "int":
				if a.isInt {
					return a, cl + 1, true
				}
				n, err := strconv.ParseInt(a.s, 10, 64)
				return fval{n: n, isInt: true}, cl + 1, err == nil
			}
			return fval{}, i, false
		}
		// a module constant: folded once, then kept with the loop variables
		if _, isVar := m.resolveHead(i); !isVar {
			return fval{}, i, false
		}
		v, ok := m.foldVar(name)
		if ok {
			c.env[name] = v
		}
		return v, i + 1, ok
	}
	return fval{}, i, false
}
