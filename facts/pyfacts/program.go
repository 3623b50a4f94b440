package pyfacts

import (
	"strings"

	"github.com/skillvet/skillvet/parse/python"
)

// maxProgramHops bounds how many assignments the slot resolvers follow.
const maxProgramHops = 4

// eachArgList resolves the argument-list expression in tokens [lo, hi) to
// the list literals it can hold — following a bare name through the plain
// assignments of its own function, and "base + [more]" to its first
// operand — and calls fn with each list's element ranges and the tokens
// added after it (tail, empty when none). An expression it cannot resolve
// is passed whole as the tail with no elements.
func eachArgList(m *python.Module, lo, hi, depth int, fn func(items [][2]int, tail [2]int)) {
	whole := [2]int{lo, hi}
	if depth > maxProgramHops || lo >= hi {
		fn(nil, whole)
		return
	}
	if m.Is(lo, "*") {
		lo++
	}
	if hi-lo > 2 && m.Toks[lo].Kind == python.Name && m.Is(lo+1, "+") {
		eachArgList(m, lo, lo+1, depth+1, fn)
		return
	}
	if hi-lo == 1 && m.Toks[lo].Kind == python.Name {
		found := false
		for _, a := range ScopedAssigns(m, m.Text(lo), lo) {
			if a.Aug || a.Start >= a.End {
				continue
			}
			found = true
			eachArgList(m, a.Start, a.End, depth+1, fn)
		}
		if !found {
			// a parameter: the lists its callers pass
			if f := m.Enclosing(lo); f != nil {
				if k := m.ParamIndex(f, m.Text(lo)); k >= 0 {
					for _, a := range m.CallerArgs(f, k) {
						found = true
						eachArgList(m, a.Start, a.End, depth+1, fn)
					}
				}
			}
		}
		if !found {
			fn(nil, whole)
		}
		return
	}
	if (m.Is(lo, "[") || m.Is(lo, "(")) && int(m.Match[lo]) > lo && int(m.Match[lo]) < hi {
		cl := int(m.Match[lo])
		if cl == hi-1 || m.Is(cl+1, "+") {
			if items, ok := ArgList(m, python.Arg{Start: lo, End: cl + 1}); ok && len(items) > 0 {
				tail := [2]int{hi, hi}
				if cl != hi-1 {
					tail = [2]int{cl + 1, hi}
				}
				fn(items, tail)
				return
			}
		}
	}
	fn(nil, whole)
}

// ProgramSlots returns the token ranges that can supply the program
// (argv[0]) of a list-form process call whose argument list spans
// [lo, hi). Only the program decides what runs: in ["gh"] + args,
// [sys.executable, script, path] or cmd = ["git", "log"]; cmd += extra,
// user data reaches arguments, not the program. A range whose program
// cannot be isolated is returned whole.
func ProgramSlots(m *python.Module, lo, hi int) [][2]int { return slots(m, lo, hi, false) }

// CodeSlots returns the token ranges that decide what code a list-form
// process call runs: the program slot and, when the program is an
// interpreter, the script or -c/-e argument after it. User or downloaded
// data anywhere else in the list is an argument to that code, not code.
// A range whose list cannot be resolved is returned whole.
func CodeSlots(m *python.Module, lo, hi int) [][2]int { return slots(m, lo, hi, true) }

// slots resolves the program slot of each list the expression can hold
// and, with script, an interpreter's script or -c code.
func slots(m *python.Module, lo, hi int, script bool) [][2]int {
	var out [][2]int
	eachArgList(m, lo, hi, 0, func(items [][2]int, tail [2]int) {
		if len(items) == 0 {
			out = append(out, tail)
			return
		}
		out = append(out, items[0])
		if !script {
			return
		}
		prog, ok := m.Fold(items[0][0], items[0][1])
		if !ok || !ShellNames[strings.ToLower(BaseName(prog))] && !isScriptInterpreter(BaseName(prog)) {
			return
		}
		// an interpreter: its program is the first non-option argument,
		// or the one after -c / -e
		for k := 1; k < len(items); k++ {
			v, ok := m.Fold(items[k][0], items[k][1])
			if ok && (v == "-c" || v == "-e" || v == "--eval") && k+1 < len(items) {
				out = append(out, items[k+1])
				return
			}
			if ok && strings.HasPrefix(v, "-") {
				continue
			}
			out = append(out, items[k])
			return
		}
		if tail[0] < tail[1] {
			out = append(out, tail) // the program may come from what is added
		}
	})
	return out
}

// isScriptInterpreter reports interpreters of script languages.
func isScriptInterpreter(name string) bool {
	name = strings.ToLower(name)
	for _, p := range []string{"python", "pypy", "node", "nodejs", "deno", "bun", "perl", "ruby", "php", "lua", "osascript", "powershell", "pwsh", "rscript"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}
