package python

import "sort"

// Func is a function definition (nested ones included).
type Func struct {
	Name string
	// Lo and Hi are the tokens of the whole definition: from the start of
	// its line (async included) to the first logical line indented no
	// deeper than the def.
	Lo, Hi int
	// Params are the parameter names in order ("" for a slot that is not a
	// plain name); Method is true when the first is self or cls.
	Params []string
	Method bool
}

// Funcs returns the function definitions of the module, sorted by start.
func (m *Module) Funcs() []Func {
	m.funcsOnce.Do(func() { m.funcs = m.findFuncs() })
	return m.funcs
}

// Enclosing returns the innermost function definition holding token tok,
// or nil at module level.
func (m *Module) Enclosing(tok int) *Func {
	fs := m.Funcs()
	var best *Func
	for i := range fs {
		if fs[i].Lo > tok {
			break
		}
		if tok < fs[i].Hi {
			best = &fs[i] // later starts are nested deeper
		}
	}
	return best
}

func (m *Module) findFuncs() []Func {
	var starts []int // tokens that start a logical line
	for i := range m.Toks {
		if m.Indent[i] >= 0 {
			starts = append(starts, i)
		}
	}
	var out []Func
	for k, i := range starts {
		d := i
		if m.Is(d, "async") {
			d++
		}
		if !m.Is(d, "def") || d+2 >= len(m.Toks) || m.Toks[d+1].Kind != Name || !m.Is(d+2, "(") || int(m.Match[d+2]) <= d+2 {
			continue
		}
		f := Func{Name: m.Text(d + 1), Lo: i, Hi: len(m.Toks)}
		for _, j := range starts[k+1:] {
			if m.Indent[j] <= m.Indent[i] {
				f.Hi = j
				break
			}
		}
		for n, a := range m.args(d+2, int(m.Match[d+2])) {
			name := ""
			switch {
			case a.Keyword != "" && a.Keyword != "*" && a.Keyword != "**":
				name = a.Keyword // a parameter with a default: x=1
			case a.Start < a.End && m.Toks[a.Start].Kind == Name:
				name = m.Text(a.Start) // x, x: int, *args, **kw
			}
			if n == 0 && (name == "self" || name == "cls") {
				f.Method = true
			}
			f.Params = append(f.Params, name)
		}
		out = append(out, f)
	}
	sort.SliceStable(out, func(a, b int) bool { return out[a].Lo < out[b].Lo })
	return out
}
