package pyfacts

import (
	"strings"

	"github.com/skillvet/skillvet/parse/python"
)

// maxProgramHops bounds how many assignments ProgramSlots follows.
const maxProgramHops = 4

// ProgramSlots returns the token ranges that can supply the program
// (argv[0]) of a list-form process call whose argument list spans
// [lo, hi). Only the program decides what runs: in ["gh"] + args,
// [sys.executable, script, path] or cmd = ["git", "log"]; cmd += extra,
// user data reaches arguments, not the program. A name is followed
// through its plain assignments; a range whose program cannot be
// isolated is returned whole.
func ProgramSlots(m *python.Module, lo, hi int) [][2]int {
	return programSlots(m, lo, hi, 0)
}

func programSlots(m *python.Module, lo, hi, depth int) [][2]int {
	whole := [][2]int{{lo, hi}}
	if depth > maxProgramHops || lo >= hi {
		return whole
	}
	if m.Is(lo, "*") {
		lo++
	}
	// base + [more]: the program is the first operand's.
	if hi-lo > 2 && m.Toks[lo].Kind == python.Name && m.Is(lo+1, "+") {
		return programSlots(m, lo, lo+1, depth+1)
	}
	// A bare name: the program is whatever its assignments put first.
	if hi-lo == 1 && m.Toks[lo].Kind == python.Name {
		var out [][2]int
		for _, a := range ScopedAssigns(m, m.Text(lo), lo) {
			if a.Aug || a.Start >= a.End {
				continue
			}
			out = append(out, programSlots(m, a.Start, a.End, depth+1)...)
		}
		if len(out) == 0 {
			return whole
		}
		return out
	}
	// A list or tuple literal, alone or concatenated with more arguments.
	if (m.Is(lo, "[") || m.Is(lo, "(")) && int(m.Match[lo]) > lo && int(m.Match[lo]) < hi {
		cl := int(m.Match[lo])
		if cl == hi-1 || m.Is(cl+1, "+") {
			items, ok := ArgList(m, python.Arg{Start: lo, End: cl + 1})
			if ok && len(items) > 0 {
				return programSlots(m, items[0][0], items[0][1], depth+1)
			}
		}
	}
	return whole
}

// CodeSlots returns the token ranges that decide what code a list-form
// process call runs: the program slot and, when the program is an
// interpreter, the script or -c/-e argument after it. User or downloaded
// data anywhere else in the list is an argument to that code, not code.
// A range whose list cannot be resolved is returned whole.
func CodeSlots(m *python.Module, lo, hi int) [][2]int {
	return codeSlots(m, lo, hi, 0)
}

func codeSlots(m *python.Module, lo, hi, depth int) [][2]int {
	whole := [][2]int{{lo, hi}}
	if depth > maxProgramHops || lo >= hi {
		return whole
	}
	if m.Is(lo, "*") {
		lo++
	}
	if hi-lo > 2 && m.Toks[lo].Kind == python.Name && m.Is(lo+1, "+") {
		return codeSlots(m, lo, lo+1, depth+1)
	}
	if hi-lo == 1 && m.Toks[lo].Kind == python.Name {
		var out [][2]int
		for _, a := range ScopedAssigns(m, m.Text(lo), lo) {
			if a.Aug || a.Start >= a.End {
				continue
			}
			out = append(out, codeSlots(m, a.Start, a.End, depth+1)...)
		}
		if len(out) == 0 {
			return whole
		}
		return out
	}
	if (m.Is(lo, "[") || m.Is(lo, "(")) && int(m.Match[lo]) > lo && int(m.Match[lo]) < hi {
		cl := int(m.Match[lo])
		if cl == hi-1 || m.Is(cl+1, "+") {
			items, ok := ArgList(m, python.Arg{Start: lo, End: cl + 1})
			if !ok || len(items) == 0 {
				return whole
			}
			out := codeSlots(m, items[0][0], items[0][1], depth+1)
			prog, ok := m.Fold(items[0][0], items[0][1])
			if !ok || !ShellNames[strings.ToLower(BaseName(prog))] && !isScriptInterpreter(BaseName(prog)) {
				return out
			}
			// an interpreter: its program is the first non-option
			// argument, or the one after -c / -e
			for k := 1; k < len(items); k++ {
				v, ok := m.Fold(items[k][0], items[k][1])
				if ok && (v == "-c" || v == "-e" || v == "--eval") && k+1 < len(items) {
					return append(out, items[k+1])
				}
				if ok && strings.HasPrefix(v, "-") {
					continue
				}
				return append(out, items[k])
			}
			if cl != hi-1 {
				out = append(out, [2]int{cl + 1, hi}) // the program may come from what is added
			}
			return out
		}
	}
	return whole
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
