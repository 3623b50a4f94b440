package pyfacts

import "github.com/skillvet/skillvet/parse/python"

// ScopedAssigns returns the plain assignments of name that can reach a use
// at token use (python.Module.Bindings).
func ScopedAssigns(m *python.Module, name string, use int) []python.Assign {
	as, _ := m.Bindings(name, use)
	return as
}

// FromParameter reports whether the expression in tokens [lo, hi) takes
// its value from a parameter of the function it sits in — directly or
// through that function's own assignments and loops — so that whatever a
// caller passes reaches it (eval(expression) in def calculate(expression)).
func FromParameter(m *python.Module, lo, hi int) bool {
	fs := m.Enclosing(lo)
	if fs == nil {
		return false
	}
	params := map[string]bool{}
	for _, n := range fs.Params {
		if n != "" && n != "self" && n != "cls" {
			params[n] = true
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
					if as.Tok >= fs.Lo && as.Tok < fs.Hi && reaches(as.Start, as.End, depth+1) {
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
