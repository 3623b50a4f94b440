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
// literals), only the places they occur can start a match; leading tries
// those places in order with the pattern anchored there, and the first
// that matches is the regexp's own leftmost match. The anchored pattern
// also consumes the one character before the place, so that \b, ^ and $
// see the text as the unanchored search does (each assertion looks at one
// character on either side).
//
// A case-insensitive literal is sought in the ASCII-lower-cased text,
// which finds every place it can match but two: Go folds ſ (U+017F) to s
// and the Kelvin sign (U+212A) to k, so a text holding either gets the
// regexp's own search when a literal holds an s or a k.
type leading struct {
	lits []string // ASCII-lower-cased when fold
	fold bool     // some literal is case-insensitive: search the lower-cased text
	sk   bool     // fold, and a literal holds s or k
	expr string
	once sync.Once
	at0  *regexp.Regexp // \A(?:expr): a match at the text's start
	at1  *regexp.Regexp // \A(?s:.)(?:expr): a match after one character
}

// leadingMin is the text length from which trying the literals' places
// beats the regexp's own scan (shorter texts: words, names).
const leadingMin = 48

// newLeading returns the leading literals of expr, or nil when some match
// may begin otherwise (a class, an optional word, a case-insensitive
// letter outside ASCII).
func newLeading(expr string) *leading {
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return nil
	}
	fold := false
	lits, ok := leadingLits(re.Simplify(), &fold)
	if !ok || len(lits) == 0 || len(lits) > maxExact {
		return nil
	}
	l := &leading{lits: dedupe(lits), fold: fold, expr: expr}
	if fold {
		for i, s := range l.lits {
			l.lits[i] = LowerASCIIKeepLen(s)
			l.sk = l.sk || strings.ContainsAny(l.lits[i], "sk")
		}
		l.lits = dedupe(l.lits)
	}
	return l
}

// foldLiteral returns the string of a literal node, noting in fold
// whether it is case-insensitive; false for a case-insensitive letter
// outside ASCII, whose other cases the lower-cased text would not show.
func foldLiteral(re *syntax.Regexp, fold *bool) (string, bool) {
	if re.Flags&syntax.FoldCase != 0 {
		for _, r := range re.Rune {
			if r >= 0x80 {
				return "", false
			}
		}
		*fold = true
	}
	return string(re.Rune), true
}

// leadingLits returns strings one of which begins every match of re.
func leadingLits(re *syntax.Regexp, fold *bool) ([]string, bool) {
	switch re.Op {
	case syntax.OpLiteral:
		s, ok := foldLiteral(re, fold)
		if !ok || s == "" {
			return nil, false
		}
		return []string{s}, true
	case syntax.OpCapture:
		return leadingLits(re.Sub[0], fold)
	case syntax.OpPlus:
		return leadingLits(re.Sub[0], fold)
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return leadingLits(re.Sub[0], fold)
		}
	case syntax.OpAlternate:
		var out []string
		for _, sub := range re.Sub {
			l, ok := leadingLits(sub, fold)
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
			if set, ok := exactStrings(sub, fold); ok {
				next := product(run, set)
				if next == nil || len(next) > maxExact {
					break
				}
				run = next
				continue
			}
			if l, ok := leadingLits(sub, fold); ok {
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

// exactStrings returns every string re can match when that set is small
// and finite (zero-width assertions match "").
func exactStrings(re *syntax.Regexp, fold *bool) ([]string, bool) {
	switch re.Op {
	case syntax.OpEmptyMatch, syntax.OpWordBoundary, syntax.OpNoWordBoundary, syntax.OpBeginText, syntax.OpBeginLine,
		syntax.OpEndText, syntax.OpEndLine:
		return []string{""}, true
	case syntax.OpLiteral:
		s, ok := foldLiteral(re, fold)
		if !ok {
			return nil, false
		}
		return []string{s}, true
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
		return exactStrings(re.Sub[0], fold)
	case syntax.OpQuest:
		s, ok := exactStrings(re.Sub[0], fold)
		if !ok {
			return nil, false
		}
		return append([]string{""}, s...), true
	case syntax.OpAlternate:
		var out []string
		for _, sub := range re.Sub {
			s, ok := exactStrings(sub, fold)
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
			s, ok := exactStrings(sub, fold)
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

// usable reports whether the literals' places can be trusted in t: a
// case-insensitive s or k can also match ſ or the Kelvin sign.
func (l *leading) usable(t string) bool {
	return !l.sk || !nonASCIIFolds(t)
}

// find returns the leftmost match in t starting at from or after, with
// the text before from as context (regexp's search from an offset, as
// FindAll does after a match): nil when there is none.
func (l *leading) find(t, lower string, from int) []int {
	l.compile()
	var buf [maxExact]int
	next := buf[:len(l.lits)] // where each literal next occurs (-1: no more)
	for i, s := range l.lits {
		next[i] = -1
		if k := strings.Index(lower[from:], s); k >= 0 {
			next[i] = from + k
		}
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
				if k := strings.Index(lower[q+1:], s); k >= 0 {
					next[i] = q + 1 + k
				} else {
					next[i] = -1
				}
			}
		}
	}
}

// lowered returns t as the literals are sought in it.
func (l *leading) lowered(t string) string {
	if l.fold {
		return LowerASCIIKeepLen(t)
	}
	return t
}

// findAll is regexp.FindAllStringIndex(t, n) for a pattern with leading
// literals: every match is non-empty, so each search starts where the
// last match ended.
func (l *leading) findAll(t string, n int) [][]int {
	lower := l.lowered(t)
	var out [][]int
	for from := 0; n < 0 || len(out) < n; {
		m := l.find(t, lower, from)
		if m == nil {
			break
		}
		out = append(out, m)
		from = m[1]
	}
	return out
}
