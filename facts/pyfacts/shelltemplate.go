package pyfacts

import (
	"strings"

	"github.com/skillvet/skillvet/parse/python"
)

// Splice is how outside data reaches a shell command string.
type Splice int

const (
	// SpliceNone: the string holds no data from outside the skill.
	SpliceNone Splice = iota
	// SpliceWhole: the whole command is the outside value (a --cmd flag,
	// a configured command): the operator chooses what runs.
	SpliceWhole
	// SpliceTemplate: outside data is interpolated into a command the
	// skill wrote ("pdfinfo '%s'" % name): its shell metacharacters run
	// as commands (command injection).
	SpliceTemplate
)

// ShellSplice says whether the shell command in tokens [a, b) is a
// template the skill wrote (it holds a string literal, directly or through
// the plain assignments of a variable) and which outside data reaches it:
// user input or the environment, directly, through variables, or through
// a parameter of a function defined in the file whose callers pass such
// data (one call level).
func ShellSplice(m *python.Module, a, b int) (Splice, string, python.Ref) {
	src, ref := SourceDesc(m, a, b)
	if src == "" {
		src, ref = paramSource(m, a, b)
	}
	if src == "" {
		return SpliceNone, "", python.Ref{}
	}
	if hasLiteral(m, a, b, 0, sourceArgs(m)) {
		return SpliceTemplate, src, ref
	}
	return SpliceWhole, src, ref
}

// hasLiteral reports whether the expression contains a string literal,
// following bare names through their plain assignments.
// String arguments of the calls that read outside data (the prompt of
// input(), the key and default of os.environ.get) are not part of a
// template; neither are literals nested in brackets.
func hasLiteral(m *python.Module, a, b, depth int, skip [][2]int) bool {
	if depth > maxProgramHops {
		return false
	}
	if a >= len(m.Toks) {
		return false
	}
	base := m.Toks[a].Depth
tokens:
	for i := a; i < b && i < len(m.Toks); i++ {
		// Only literals at the expression's own level are command text:
		// not subscript keys (server['cmd']), dict keys or call arguments.
		if m.Toks[i].Kind != python.String || m.Toks[i].Depth != base {
			continue
		}
		for _, r := range skip {
			if i > r[0] && i < r[1] {
				continue tokens
			}
		}
		return true
	}
	if b-a == 1 && m.Toks[a].Kind == python.Name {
		for _, as := range m.Assigns[m.Text(a)] {
			if !as.Aug && hasLiteral(m, as.Start, as.End, depth+1, skip) {
				return true
			}
		}
	}
	return false
}

// paramSource finds user input or environment data that reaches the
// expression through a parameter: for each variable the expression reads
// that is a parameter of a function defined in the file, the matching
// argument of every call to that function is checked.
func paramSource(m *python.Module, a, b int) (string, python.Ref) {
	defs := paramIndex(m)
	if len(defs) == 0 {
		return "", python.Ref{}
	}
	seen := map[string]bool{}
	var names []string
	var collect func(a, b, depth int)
	collect = func(a, b, depth int) {
		for _, r := range m.RefsIn(a, b) {
			if r.Var == "" || seen[r.Var] {
				continue
			}
			seen[r.Var] = true
			names = append(names, r.Var)
			if depth < maxProgramHops {
				for _, as := range m.Assigns[r.Var] {
					collect(as.Start, as.End, depth+1)
				}
			}
		}
	}
	collect(a, b, 0)
	for _, n := range names {
		for _, d := range defs[n] {
			for _, c := range m.Calls {
				if c.Name != d.fn && !strings.HasSuffix(c.Name, "."+d.fn) {
					continue
				}
				idx := d.idx
				if d.method && strings.Contains(c.Name, ".") {
					idx--
				}
				arg, ok := c.Arg(idx, n)
				if !ok {
					continue
				}
				if src, ref := SourceDesc(m, arg.Start, arg.End); src == "user input" || src == "the environment" {
					return src, ref
				}
			}
		}
	}
	return "", python.Ref{}
}

type paramDef struct {
	fn     string
	idx    int
	method bool
}

// paramIndex maps a parameter name to the functions that declare it.
func paramIndex(m *python.Module) map[string][]paramDef {
	out := map[string][]paramDef{}
	for _, f := range m.Funcs() {
		for k, name := range f.Params {
			if name != "" {
				out[name] = append(out[name], paramDef{fn: f.Name, idx: k, method: f.Method})
			}
		}
	}
	return out
}

// sourceArgs are the parenthesised argument ranges of calls that read user
// input or the environment.
func sourceArgs(m *python.Module) [][2]int {
	var out [][2]int
	for _, c := range m.Calls {
		if isInputRef(python.Ref{Name: c.Name}) || IsEnvRef(python.Ref{Name: c.Name}) {
			out = append(out, [2]int{c.Open, c.Close})
		}
	}
	return out
}
