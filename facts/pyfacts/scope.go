package pyfacts

import (
	"strconv"
	"strings"

	"github.com/skillvet/skillvet/parse/python"
)

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

// RepeatLoop is a for loop over a literal range of at least a given size.
type RepeatLoop struct {
	Lo, Hi int    // tokens of the loop, header included
	Var    string // the loop variable
	Count  int    // iterations
}

// RepeatLoops finds for X in range(N) (or range(a, N)) with N - a >= min.
// A header followed by a line that is not indented deeper (a body whose
// indentation was lost, which Python refuses but any reader repairs) takes
// that next line as its body.
func RepeatLoops(m *python.Module, min int) []RepeatLoop {
	var out []RepeatLoop
	n := len(m.Toks)
	for i := 0; i+6 < n; i++ {
		if m.Indent[i] < 0 || !m.Is(i, "for") || m.Toks[i+1].Kind != python.Name || !m.Is(i+2, "in") || !m.Is(i+3, "range") || !m.Is(i+4, "(") {
			continue
		}
		cl := int(m.Match[i+4])
		if cl <= i+4 || cl+1 >= n || !m.Is(cl+1, ":") {
			continue
		}
		var nums []int
		for k := i + 5; k < cl; k++ {
			if m.Is(k, ",") {
				continue
			}
			v, err := strconv.Atoi(strings.ReplaceAll(m.Text(k), "_", ""))
			if err != nil {
				nums = nil
				break
			}
			nums = append(nums, v)
		}
		count := 0
		switch len(nums) {
		case 1:
			count = nums[0]
		case 2:
			count = nums[1] - nums[0]
		}
		if count < min {
			continue
		}
		out = append(out, RepeatLoop{Lo: i, Hi: loopEnd(m, i, cl+2), Var: m.Text(i + 1), Count: count})
	}
	return out
}

// loopEnd returns the token after the body of the compound statement
// whose header starts at token i and whose body starts at token b (just
// after the colon): the same line for an inline body, else the lines
// indented deeper than the header — or, when the next line is not
// indented, that one line.
func loopEnd(m *python.Module, i, b int) int {
	n := len(m.Toks)
	next := func(k int) int {
		for k < n && m.Indent[k] < 0 {
			k++
		}
		return k
	}
	if b >= n {
		return n
	}
	if strings.TrimSpace(m.Text(b)) != "" {
		return next(b) // for x in y: body()
	}
	body := next(b)
	if body >= n {
		return n
	}
	ind := m.Indent[i]
	if m.Indent[body] <= ind {
		return next(body + 1)
	}
	end := body
	for end < n && !(m.Indent[end] >= 0 && m.Indent[end] <= ind) {
		end++
	}
	return end
}
