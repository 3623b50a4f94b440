package rxlit

import (
	"regexp"
	"regexp/syntax"
	"strings"
	"sync"
	"unicode/utf8"
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
	flit []lit    // lits prepared for indexFold, when fold
	fold bool     // some literal is case-insensitive: search the lower-cased text
	sk   bool     // fold, and a literal holds s or k
	expr string
	once sync.Once
	at0  *regexp.Regexp // \A(?:expr): a match at the text's start
	at1  *regexp.Regexp // \A(?s:.)(?:expr): a match after one character
	// after is (?s:.)(?:expr), unanchored: the leftmost match after some
	// character, for the rest of a text crowded with misses.
	after *regexp.Regexp
	// rx is the Rx whose pattern this is, when it has one (its regexp is
	// compiled on first use); re is the pattern itself otherwise.
	rx *Rx
	re *regexp.Regexp
}

// regexp returns the pattern itself, compiled.
func (l *leading) regexp() *regexp.Regexp {
	if l.rx != nil {
		return l.rx.Regexp()
	}
	return l.re
}

// leadingMin is the text length from which trying the literals' places
// beats the regexp's own scan (shorter texts: words, names).
const leadingMin = 48

// newLeading returns the leading literals of the compiled pattern re, or
// nil when some match may begin otherwise (a class, an optional word, a
// case-insensitive letter outside ASCII).
func newLeading(re *regexp.Regexp) *leading {
	l := parseExpr(re.String()).leading(re.String())
	if l != nil {
		l.re = re
	}
	return l
}

// leading is newLeading of the pattern expr; the caller sets the
// leading's regexp (rx or re).
func (p *parsed) leading(expr string) *leading {
	if p == nil {
		return nil
	}
	fold := false
	lits, ok := leadingLits(p.simple(), &fold)
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
		for _, s := range l.lits {
			l.flit = append(l.flit, newLit(s))
		}
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
		l.after = regexp.MustCompile(`(?s:.)(?:` + l.expr + `)`)
	})
}

// usable reports whether the literals' places can be trusted in t: a
// case-insensitive s or k can also match ſ or the Kelvin sign.
func (l *leading) usable(t string) bool {
	return !l.sk || !nonASCIIFolds(t)
}

// leadingMisses is how many places may fail to start a match before a
// search hands the rest of the text to the regexp: an anchored attempt
// can cost what a search of the whole text does (Go's backtracker clears
// a bit per instruction and byte of its input), so a text crowded with
// places that start no match must not cost more than that many searches.
const leadingMisses = 8

// leadScan searches one text at its literals' places, keeping where each
// literal next occurs from one match to the next, so that finding every
// match reads the text once per literal.
type leadScan struct {
	l      *leading
	t      string
	next   [maxExact]int // where each literal next occurs (-1: no more)
	misses int
}

// init readies sc to search t; sc lives on its caller's stack.
func (sc *leadScan) init(l *leading, t string) {
	l.compile()
	sc.l, sc.t = l, t
	for i := range l.lits {
		sc.next[i] = l.index(t, i)
	}
}

// index is the offset of the first place of literal i in t, or -1: in
// the ASCII-lower-cased t when fold (lit.indexFold, which reads t as it
// is: a long text would otherwise be copied once per search).
func (l *leading) index(t string, i int) int {
	if l.fold {
		return l.flit[i].indexFold(t)
	}
	return strings.Index(t, l.lits[i])
}

// find returns the leftmost match starting at from or after, with the
// text before from as context (the regexp's search from an offset, as
// FindAll does after a match), or nil.
func (sc *leadScan) find(from int) []int {
	l, t := sc.l, sc.t
	for {
		if sc.misses >= leadingMisses {
			return sc.rest(from)
		}
		q := -1
		for i, p := range sc.next[:len(l.lits)] {
			if p >= 0 && p < from {
				p = -1
				if k := l.index(t[from:], i); k >= 0 {
					p = from + k
				}
				sc.next[i] = p
			}
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
		sc.misses++
		from = q + 1
	}
}

// rest is the regexp's own search from offset from: the pattern after
// any one character, over the text from the character before from.
func (sc *leadScan) rest(from int) []int {
	if from == 0 {
		return sc.l.regexp().FindStringIndex(sc.t)
	}
	if from > len(sc.t) {
		return nil
	}
	m := sc.l.after.FindStringIndex(sc.t[from-1:])
	if m == nil {
		return nil
	}
	// the match starts after the one character the pattern's . took
	_, w := utf8.DecodeRuneInString(sc.t[from-1+m[0]:])
	return []int{from - 1 + m[0] + w, from - 1 + m[1]}
}

// find is the regexp's FindStringIndex(t).
func (l *leading) find(t string) []int {
	var sc leadScan
	sc.init(l, t)
	return sc.find(0)
}

// findAll is the regexp's FindAllStringIndex(t, n): every match is
// non-empty, so each search starts where the last match ended.
func (l *leading) findAll(t string, n int) [][]int {
	var sc leadScan
	sc.init(l, t)
	var out [][]int
	for from := 0; n < 0 || len(out) < n; {
		m := sc.find(from)
		if m == nil {
			break
		}
		out = append(out, m)
		from = m[1]
	}
	return out
}
