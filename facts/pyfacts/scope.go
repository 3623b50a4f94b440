package pyfacts

import (
	"sort"
	"sync"

	"github.com/skillvet/skillvet/parse/python"
)

// funcSpan is the token range of a function body: from its def to the
// first logical line indented no deeper than the def.
type funcSpan struct{ lo, hi int }

var spanMemo sync.Map // *python.Module → []funcSpan

// funcSpans lists every def of the module (nested ones included), sorted
// by start.
func funcSpans(m *python.Module) []funcSpan {
	if v, ok := spanMemo.Load(m); ok {
		return v.([]funcSpan)
	}
	indent := func(tok int) int {
		off := m.Toks[tok].Start
		i := off
		for i > 0 && m.Src[i-1] != '\n' {
			i--
		}
		return off - i
	}
	// starts of logical lines: the first token after a Newline
	var lineStarts []int
	for i := range m.Toks {
		if i == 0 || m.Toks[i-1].Kind == python.Newline {
			if m.Toks[i].Kind != python.Newline {
				lineStarts = append(lineStarts, i)
			}
		}
	}
	var out []funcSpan
	for k, i := range lineStarts {
		d := i
		if m.Is(d, "async") {
			d++
		}
		if !m.Is(d, "def") {
			continue
		}
		in := indent(i)
		hi := len(m.Toks)
		for _, j := range lineStarts[k+1:] {
			if indent(j) <= in {
				hi = j
				break
			}
		}
		out = append(out, funcSpan{i, hi})
	}
	sort.Slice(out, func(a, b int) bool { return out[a].lo < out[b].lo })
	spanMemo.Store(m, out)
	return out
}

// enclosing returns the innermost function body holding token tok, or
// ok=false at module level.
func enclosing(m *python.Module, tok int) (funcSpan, bool) {
	var best funcSpan
	found := false
	for _, s := range funcSpans(m) {
		if s.lo > tok {
			break
		}
		if tok < s.hi && (!found || s.lo >= best.lo) {
			best, found = s, true
		}
	}
	return best, found
}

// ScopedAssigns returns the plain assignments of name that can reach a use
// at token use: those in the same function body when it has any, else
// those at module level, else all of them (a global set in some function).
// Module-wide name matching would tie a local "cmd" in one function to an
// unrelated "cmd" in another.
func ScopedAssigns(m *python.Module, name string, use int) []python.Assign {
	all := m.Assigns[name]
	if len(all) < 2 {
		return all
	}
	var local, module []python.Assign
	fs, inFunc := enclosing(m, use)
	for _, a := range all {
		as, aIn := enclosing(m, a.Tok)
		switch {
		case inFunc && aIn && as == fs:
			local = append(local, a)
		case !aIn:
			module = append(module, a)
		}
	}
	if len(local) > 0 {
		return local
	}
	if len(module) > 0 {
		return module
	}
	return all
}

// FromParameter reports whether the expression in tokens [lo, hi) takes
// its value from a parameter of the function it sits in — directly or
// through that function's own assignments and loops — so that whatever a
// caller passes reaches it (eval(expression) in def calculate(expression)).
func FromParameter(m *python.Module, lo, hi int) bool {
	fs, ok := enclosing(m, lo)
	if !ok {
		return false
	}
	params := map[string]bool{}
	d := fs.lo
	if m.Is(d, "async") {
		d++
	}
	if !m.Is(d, "def") || !m.Is(d+2, "(") || int(m.Match[d+2]) <= d+2 {
		return false
	}
	items, _ := ArgList(m, python.Arg{Start: d + 2, End: int(m.Match[d+2]) + 1})
	for _, it := range items {
		j := it[0]
		for j < it[1] && (m.Is(j, "*") || m.Is(j, "**")) {
			j++
		}
		if j < it[1] && m.Toks[j].Kind == python.Name && m.Text(j) != "self" && m.Text(j) != "cls" {
			params[m.Text(j)] = true
		}
	}
	seen := map[string]bool{}
	var reaches func(a, b, depth int) bool
	reaches = func(a, b, depth int) bool {
		for _, r := range m.RefsIn(a, b) {
			if r.Var == "" || seen[r.Var] {
				continue
			}
			seen[r.Var] = true
			if params[r.Var] {
				return true
			}
			if depth < maxProgramHops {
				for _, as := range ScopedAssigns(m, r.Var, a) {
					if as.Tok >= fs.lo && as.Tok < fs.hi && reaches(as.Start, as.End, depth+1) {
						return true
					}
				}
			}
		}
		return false
	}
	return reaches(lo, hi, 0)
}

// EndlessLoops returns the bodies (token ranges) of while True: / while 1:
// loops that no break, return, exit or raise leaves.
func EndlessLoops(m *python.Module) [][2]int {
	var out [][2]int
	n := len(m.Toks)
	for i := 0; i+2 < n; i++ {
		if m.Indent[i] < 0 || !m.Is(i, "while") || !(m.Is(i+1, "True") || m.Text(i+1) == "1") || !m.Is(i+2, ":") {
			continue
		}
		ind := m.Indent[i]
		end := i + 3
		for end < n && !(m.Indent[end] >= 0 && m.Indent[end] <= ind) {
			end++
		}
		stops := false
		for k := i + 3; k < end && !stops; k++ {
			stops = m.Is(k, "break") || m.Is(k, "return") || m.Is(k, "exit") || m.Is(k, "raise")
		}
		if !stops {
			out = append(out, [2]int{i, end})
		}
	}
	return out
}
