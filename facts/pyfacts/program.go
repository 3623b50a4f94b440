package pyfacts

import "github.com/skillvet/skillvet/parse/python"

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
	// A bare name: the program is whatever its assignments put first.
	if hi-lo == 1 && m.Toks[lo].Kind == python.Name {
		var out [][2]int
		for _, a := range m.Assigns[m.Text(lo)] {
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
