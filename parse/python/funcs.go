package python

import (
	"slices"
	"sort"
	"strings"
)

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
	m.funcsOnce.Do(func() {
		m.funcs = m.findFuncs()
		if len(m.funcs) > 0 {
			// owner[i] is 1 + the innermost function holding token i:
			// nested definitions start later and overwrite their parent.
			m.owner = make([]int32, len(m.Toks))
			for k, f := range m.funcs {
				for i := f.Lo; i < f.Hi; i++ {
					m.owner[i] = int32(k + 1)
				}
			}
		}
	})
	return m.funcs
}

// Enclosing returns the innermost function definition holding token tok,
// or nil at module level.
func (m *Module) Enclosing(tok int) *Func {
	if fi := m.funcIndex(tok); fi >= 0 {
		return &m.funcs[fi]
	}
	return nil
}

// funcIndex is the index of the innermost function holding token tok, or
// -1 at module level.
func (m *Module) funcIndex(tok int) int {
	m.Funcs()
	if m.owner == nil || tok < 0 || tok >= len(m.owner) {
		return -1
	}
	return int(m.owner[tok]) - 1
}

// ParamIndex returns the position of name among f's parameters when the
// body never rebinds it, or -1: only then is its value the caller's.
func (m *Module) ParamIndex(f *Func, name string) int {
	k := slices.Index(f.Params, name)
	if k < 0 {
		return -1
	}
	if as, _ := m.Bindings(name, f.Lo); len(as) > 0 {
		return -1 // rebound in the body: Bindings has the local assignments
	}
	return k
}

// CallerArgs returns, for each call of f in the module (by name, methods
// through any receiver), the argument bound to parameter k.
func (m *Module) CallerArgs(f *Func, k int) []Arg {
	pos := k
	if f.Method {
		pos--
	}
	var out []Arg
	for _, c := range m.Calls {
		if c.Name != f.Name && !strings.HasSuffix(c.Name, "."+f.Name) {
			continue
		}
		if c.Head >= f.Lo && c.Head < f.Hi && m.Enclosing(c.Head) == f {
			continue // recursion adds nothing
		}
		if a, ok := c.Arg(pos, f.Params[k]); ok && a.Keyword != "*" && a.Keyword != "**" {
			out = append(out, a)
			if len(out) == maxCallerArgs {
				break
			}
		}
	}
	return out
}

// maxCallerArgs bounds the call sites followed into one parameter.
const maxCallerArgs = 32

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
