package rules

import (
	"regexp"
	"regexp/syntax"
	"strings"
	"unicode/utf8"
)

// requiredLiterals returns lower-case strings of which every match of the
// regular expression contains at least one, or nil when no such set is
// known. Rules test them with strings.Contains before running the
// (much slower) regexp.
func requiredLiterals(expr string) []string {
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return nil
	}
	lits, ok := reqLits(re.Simplify())
	if !ok {
		return nil
	}
	return lits
}

func reqLits(re *syntax.Regexp) ([]string, bool) {
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
		return reqLits(re.Sub[0])
	case syntax.OpPlus:
		return reqLits(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return reqLits(re.Sub[0])
		}
		return nil, false
	case syntax.OpAlternate:
		var out []string
		for _, s := range re.Sub {
			l, ok := reqLits(s)
			if !ok {
				return nil, false
			}
			out = append(out, l...)
		}
		return out, true
	case syntax.OpConcat:
		var best []string
		bestScore := -1
		for _, s := range re.Sub {
			l, ok := reqLits(s)
			if !ok {
				continue
			}
			if sc := litScore(l); sc > bestScore {
				best, bestScore = l, sc
			}
		}
		return best, bestScore >= 0
	}
	return nil, false
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
	"is": true, "are": true, "be": true, "all": true, "any": true, "not": true, "do": true}

// containsAnyLit reports whether t contains one of lits (true for none).
func containsAnyLit(t string, lits []string) bool {
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

// findLit is rx.FindString(t) behind the literal prefilter lits.
func findLit(rx *regexp.Regexp, lits []string, t string) string {
	if !containsAnyLit(t, lits) {
		return ""
	}
	return rx.FindString(t)
}

// findLitIndex is rx.FindStringIndex(t) behind the literal prefilter lits.
func findLitIndex(rx *regexp.Regexp, lits []string, t string) []int {
	if !containsAnyLit(t, lits) {
		return nil
	}
	return rx.FindStringIndex(t)
}

// lowerASCIIKeepLen lower-cases ASCII letters only, so byte offsets into the
// result are offsets into s (strings.ToLower may change lengths).
func lowerASCIIKeepLen(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 32
		}
	}
	return string(b)
}
