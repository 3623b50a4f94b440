package rxlit

import (
	"regexp"
	"regexp/syntax"
	"strings"
	"sync"
)

// Go's regexp has no literal-prefix acceleration for alternations: a
// search for `\b(?:do not|never)\s+tell\b` tries every position of the
// text. When every match begins with one of a few literals (the leading
// literals, exact case), only the places they occur can start a match;
// leading tries those places in order with the pattern anchored there,
// and the first that matches is the regexp's own leftmost match. The
// anchored pattern also consumes the one character before the place, so
// that \b, ^ and $ see the text as the unanchored search does (each
// assertion looks at one character on either side).
type leading struct {
	lits []string
	expr string
	once sync.Once
	at0  *regexp.Regexp // \A(?:expr): a match at the text's start
	at1  *regexp.Regexp // \A(?s:.)(?:expr): a match after one character
}

// leadingMin is the text length from which trying the literals' places
// beats the regexp's own scan (shorter texts: words, names).
const leadingMin = 48

// newLeading returns the leading literals of expr, or nil when some match
// may begin otherwise (a class, an optional first part, case folding).
func newLeading(expr string) *leading {
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return nil
	}
	lits, ok := leadingLits(re.Simplify())
	if !ok || len(lits) == 0 || len(lits) > maxExact {
		return nil
	}
	return &leading{lits: dedupe(lits), expr: expr}
}

// leadingLits returns exact-case strings one of which begins every match
// of re.
func leadingLits(re *syntax.Regexp) ([]string, bool) {
	switch re.Op {
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 || len(re.Rune) == 0 {
			return nil, false
		}
		return []string{string(re.Rune)}, true
	case syntax.OpCapture:
		return leadingLits(re.Sub[0])
	case syntax.OpPlus:
		return leadingLits(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return leadingLits(re.Sub[0])
		}
	case syntax.OpAlternate:
		var out []string
		for _, sub := range re.Sub {
			l, ok := leadingLits(sub)
			if !ok {
				return nil, false
			}
			out = append(out, l...)
		}
		return out, true
	case syntax.OpConcat:
		// the parts that match a few strings exactly extend the literals
		// ("do" then " not" or "n't": the simplifier factors alternations)
		run := []string{""}
		for _, sub := range re.Sub {
			if set, ok := exactStrings(sub); ok {
				next := product(run, set)
				if next == nil || len(next) > maxExact {
					break
				}
				run = next
				continue
			}
			if l, ok := leadingLits(sub); ok {
				if next := product(run, l); next != nil && len(next) <= maxExact {
					run = next
				}
			}
			break
		}
		if hasEmpty(run) {
			return nil, false
		}
		return run, true
	}
	return nil, false
}

// exactStrings returns every string re can match, exact case, when that
// set is small and finite (zero-width assertions match "").
func exactStrings(re *syntax.Regexp) ([]string, bool) {
	switch re.Op {
	case syntax.OpEmptyMatch, syntax.OpWordBoundary, syntax.OpNoWordBoundary, syntax.OpBeginText, syntax.OpBeginLine,
		syntax.OpEndText, syntax.OpEndLine:
		return []string{""}, true
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 {
			return nil, false
		}
		return []string{string(re.Rune)}, true
	case syntax.OpCharClass:
		var out []string
		for i := 0; i+1 < len(re.Rune); i += 2 {
			for c := re.Rune[i]; c <= re.Rune[i+1]; c++ {
				if out = append(out, string(c)); len(out) > 4 {
					return nil, false
				}
			}
		}
		return out, len(out) > 0
	case syntax.OpCapture:
		return exactStrings(re.Sub[0])
	case syntax.OpQuest:
		s, ok := exactStrings(re.Sub[0])
		if !ok {
			return nil, false
		}
		return append([]string{""}, s...), true
	case syntax.OpAlternate:
		var out []string
		for _, sub := range re.Sub {
			s, ok := exactStrings(sub)
			if !ok {
				return nil, false
			}
			if out = append(out, s...); len(out) > maxExact {
				return nil, false
			}
		}
		return out, true
	case syntax.OpConcat:
		run := []string{""}
		for _, sub := range re.Sub {
			s, ok := exactStrings(sub)
			if !ok {
				return nil, false
			}
			if run = product(run, s); run == nil || len(run) > maxExact {
				return nil, false
			}
		}
		return run, true
	}
	return nil, false
}

func (l *leading) compile() {
	l.once.Do(func() {
		l.at0 = regexp.MustCompile(`\A(?:` + l.expr + `)`)
		l.at1 = regexp.MustCompile(`\A(?s:.)(?:` + l.expr + `)`)
	})
}

// find is regexp.FindStringIndex(t) for a pattern with leading literals.
func (l *leading) find(t string) []int {
	l.compile()
	var buf [maxExact]int
	next := buf[:len(l.lits)] // where each literal next occurs (-1: no more)
	for i, s := range l.lits {
		next[i] = strings.Index(t, s)
	}
	for {
		q := -1
		for _, p := range next {
			if p >= 0 && (q < 0 || p < q) {
				q = p
			}
		}
		if q < 0 {
			return nil
		}
		if q == 0 {
			if m := l.at0.FindStringIndex(t); m != nil {
				return m
			}
		} else if m := l.at1.FindStringIndex(t[q-1:]); m != nil {
			return []int{q, q - 1 + m[1]}
		}
		for i, s := range l.lits {
			if next[i] == q {
				if k := strings.Index(t[q+1:], s); k >= 0 {
					next[i] = q + 1 + k
				} else {
					next[i] = -1
				}
			}
		}
	}
}
