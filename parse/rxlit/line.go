package rxlit

import (
	"regexp/syntax"
	"sort"
	"strings"
)

// LineLocal reports whether no match of expr can hold a newline and
// expr has no text anchors (\A, \z, or ^ and $ outside multi-line
// mode): every match then lies within one line, and searching each line
// on its own finds the same matches, in the same order, as searching the
// whole text (\b and (?m)^ and $ see a newline and a text edge alike).
func LineLocal(expr string) bool {
	p := parseExpr(expr)
	return p != nil && lineLocal(p.tree)
}

func lineLocal(re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpLiteral:
		for _, r := range re.Rune {
			if r == '\n' {
				return false
			}
		}
	case syntax.OpCharClass:
		for i := 0; i+1 < len(re.Rune); i += 2 {
			if re.Rune[i] <= '\n' && '\n' <= re.Rune[i+1] {
				return false
			}
		}
	case syntax.OpAnyChar, syntax.OpBeginText, syntax.OpEndText:
		return false
	case syntax.OpAnyCharNotNL, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpWordBoundary,
		syntax.OpNoWordBoundary, syntax.OpEmptyMatch, syntax.OpNoMatch:
	case syntax.OpCapture, syntax.OpStar, syntax.OpPlus, syntax.OpQuest, syntax.OpRepeat,
		syntax.OpConcat, syntax.OpAlternate:
		for _, s := range re.Sub {
			if !lineLocal(s) {
				return false
			}
		}
	default:
		return false
	}
	return true
}

// LineStartsAt returns, sorted and without repeats, the start offsets of
// the lines of text that hold the offsets at (which it sorts).
func LineStartsAt(text string, at []int32) []int {
	sort.Slice(at, func(i, j int) bool { return at[i] < at[j] })
	var starts []int
	lineEnd := -1 // end of the last line found (its newline or len(text))
	for _, p := range at {
		if int(p) <= lineEnd || int(p) >= len(text) {
			continue
		}
		ls := strings.LastIndexByte(text[:p], '\n') + 1
		starts = append(starts, ls)
		e := strings.IndexByte(text[p:], '\n')
		if e < 0 {
			lineEnd = len(text)
		} else {
			lineEnd = int(p) + e
		}
	}
	return starts
}
