// Package rxlit derives, from a regular expression's syntax, the literals
// its matches must contain (RequiredLiterals, NewGate), and wraps a regexp
// behind them (Rx): substring searches reject most texts before the
// (much slower) regexp runs. It depends on nothing in the module, so every
// layer, threat knowledge in intel included, can gate its patterns.
package rxlit

import (
	"regexp/syntax"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// RequiredLiterals returns lower-case strings of which every match of the
// regular expression contains at least one, or nil when no such set is
// known. Rules test them with strings.Contains before running the
// (much slower) regexp.
func RequiredLiterals(expr string) []string { return parseExpr(expr).requiredLiterals() }

func (m *litMemo) reqLitsOf(re *syntax.Regexp) ([]string, bool) {
	switch re.Op {
	case syntax.OpLiteral:
		return []string{strings.ToLower(string(re.Rune))}, true
	case syntax.OpCharClass:
		// a class of one letter in both cases, or a single rune
		if len(re.Rune) == 2 && re.Rune[0] == re.Rune[1] {
			return []string{strings.ToLower(string(re.Rune[0]))}, true
		}
		return nil, false
	case syntax.OpCapture:
		return m.reqLits(re.Sub[0])
	case syntax.OpPlus:
		return m.reqLits(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return m.reqLits(re.Sub[0])
		}
		return nil, false
	case syntax.OpAlternate:
		var out []string
		for _, s := range re.Sub {
			l, ok := m.reqLits(s)
			if !ok {
				return nil, false
			}
			out = append(out, l...)
		}
		return out, true
	case syntax.OpConcat:
		var best []string
		bestScore := -1
		consider := func(l []string) {
			if sc := litScore(l); sc > bestScore {
				best, bestScore = l, sc
			}
		}
		for _, s := range re.Sub {
			if l, ok := m.reqLits(s); ok {
				consider(l)
			}
		}
		// Runs of children that match a small finite set of strings, and
		// the prefixes of the child after such a run, give longer literals
		// than any child alone: "c(?:vv|vc)" is {cvv, cvc}, and
		// "c(?:redit card|vv)" starts with {credit, cvv}.
		for i := 0; i < len(re.Sub); i++ {
			run := []string{""}
			for j := i; j < len(re.Sub); j++ {
				if pre, ok := m.prefixSet(re.Sub[j]); ok {
					if l := product(run, pre); l != nil && !hasEmpty(l) {
						consider(l)
					}
				}
				set, ok := m.exactSet(re.Sub[j])
				if !ok {
					break
				}
				run = product(run, set)
				if run == nil {
					break
				}
				if !hasEmpty(run) {
					consider(run)
				}
			}
		}
		return best, bestScore >= 0
	}
	return nil, false
}

const maxExact = 64

// prefixSet returns a small set of non-empty strings one of which starts
// every match of re.
func (m *litMemo) prefixSetOf(re *syntax.Regexp) ([]string, bool) {
	switch re.Op {
	case syntax.OpLiteral:
		return []string{strings.ToLower(string(re.Rune))}, true
	case syntax.OpCapture:
		return m.prefixSet(re.Sub[0])
	case syntax.OpPlus:
		return m.prefixSet(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return m.prefixSet(re.Sub[0])
		}
		return nil, false
	case syntax.OpAlternate:
		var out []string
		for _, sub := range re.Sub {
			s, ok := m.prefixSet(sub)
			if !ok {
				return nil, false
			}
			out = append(out, s...)
		}
		out = dedupe(out)
		return out, len(out) <= maxExact
	case syntax.OpConcat:
		run := []string{""}
		for _, sub := range re.Sub {
			if set, ok := m.exactSet(sub); ok {
				next := product(run, set)
				if next == nil {
					break
				}
				run = next
				continue
			}
			if pre, ok := m.prefixSet(sub); ok {
				if next := product(run, pre); next != nil {
					run = next
				}
			}
			break
		}
		if len(run) == 0 || hasEmpty(run) {
			return nil, false
		}
		return run, true
	}
	if set, ok := m.exactSet(re); ok && !hasEmpty(set) {
		return set, true
	}
	return nil, false
}

// exactSet returns every string re can match when that set is small and
// finite (zero-width assertions match "").
func (m *litMemo) exactSetOf(re *syntax.Regexp) ([]string, bool) {
	switch re.Op {
	case syntax.OpLiteral:
		return []string{strings.ToLower(string(re.Rune))}, true
	case syntax.OpEmptyMatch, syntax.OpWordBoundary, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText:
		return []string{""}, true
	case syntax.OpCharClass:
		var out []string
		for i := 0; i+1 < len(re.Rune); i += 2 {
			if re.Rune[i+1]-re.Rune[i] > 3 {
				return nil, false
			}
			for r := re.Rune[i]; r <= re.Rune[i+1]; r++ {
				if unicode.IsSpace(r) && r != ' ' {
					return nil, false // normalised text has only ' ' for whitespace
				}
				out = append(out, strings.ToLower(string(r)))
			}
		}
		return dedupe(out), len(out) > 0 && len(out) <= 4
	case syntax.OpCapture:
		return m.exactSet(re.Sub[0])
	case syntax.OpQuest:
		s, ok := m.exactSet(re.Sub[0])
		if !ok {
			return nil, false
		}
		return append(s, ""), true
	case syntax.OpAlternate:
		var out []string
		for _, sub := range re.Sub {
			s, ok := m.exactSet(sub)
			if !ok {
				return nil, false
			}
			out = append(out, s...)
		}
		return dedupe(out), len(out) <= maxExact
	case syntax.OpConcat:
		out := []string{""}
		for _, sub := range re.Sub {
			s, ok := m.exactSet(sub)
			if !ok {
				return nil, false
			}
			if out = product(out, s); out == nil {
				return nil, false
			}
		}
		return out, true
	}
	return nil, false
}

// product returns every a+b, or nil when that is too many strings.
func product(as, bs []string) []string {
	if len(as)*len(bs) > maxExact {
		return nil
	}
	out := make([]string, 0, len(as)*len(bs))
	for _, a := range as {
		for _, b := range bs {
			out = append(out, a+b)
		}
	}
	return dedupe(out)
}

// dedupe returns the distinct strings of ss in their first order, in a
// new slice (nil for nil). The sets derived from patterns hold a few to
// maxExact strings: they are compared with those kept so far, without a
// map, which was a fifth of what deriving the gates at start-up allocated.
func dedupe(ss []string) []string {
	if len(ss) > 2*maxExact {
		seen := make(map[string]bool, len(ss))
		out := ss[:0:0]
		for _, s := range ss {
			if !seen[s] {
				seen[s] = true
				out = append(out, s)
			}
		}
		return out
	}
	if ss == nil {
		return nil
	}
	out := make([]string, 0, len(ss))
next:
	for _, s := range ss {
		for _, o := range out {
			if o == s {
				continue next
			}
		}
		out = append(out, s)
	}
	return out
}

func hasEmpty(ss []string) bool {
	for _, s := range ss {
		if s == "" {
			return true
		}
	}
	return false
}

// litScore prefers sets whose shortest literal is long, then small sets;
// sets holding a common English word are a poor filter and score low.
func litScore(l []string) int {
	if len(l) == 0 {
		return -1
	}
	m := 1 << 30
	for _, s := range l {
		n := utf8.RuneCountInString(s)
		if commonWords[strings.TrimSpace(s)] {
			n = 1
		}
		if n < m {
			m = n
		}
	}
	return m*1000 - len(l)
}

var commonWords = map[string]bool{"the": true, "your": true, "from": true, "user": true, "you": true,
	"act": true, "by": true, "to": true, "a": true, "an": true, "of": true, "and": true, "or": true,
	"use": true, "it": true, "this": true, "that": true, "for": true, "with": true, "in": true, "on": true,
	"is": true, "are": true, "be": true, "all": true, "any": true, "not": true, "do": true,
	"code": true, "codes": true}

// ContainsAnyLit reports whether t contains one of lits (true for none).
func ContainsAnyLit(t string, lits []string) bool {
	if lits == nil {
		return true
	}
	for _, l := range lits {
		if strings.Contains(t, l) {
			return true
		}
	}
	return false
}

// LowerASCIIKeepLen lower-cases ASCII letters only, so byte offsets into the
// result are offsets into s (strings.ToLower may change lengths).
func LowerASCIIKeepLen(s string) string {
	first := firstUpper(s)
	if first < 0 {
		return s // nothing to lower: no copy
	}
	b := []byte(s)
	lowerFrom(b, first)
	return unsafe.String(unsafe.SliceData(b), len(b)) // b is not written again
}

// firstUpper returns the offset of the first ASCII upper-case letter of
// s, or -1.
func firstUpper(s string) int {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			return i
		}
	}
	return -1
}

// lowerFrom lower-cases the ASCII letters of b from offset first on.
func lowerFrom(b []byte, first int) {
	for i := first; i < len(b); i++ {
		if c := b[i]; c >= 'A' && c <= 'Z' {
			b[i] = c + 32
		}
	}
}
