package rxlit

import (
	"regexp/syntax"
	"unicode"
	"unicode/utf8"
)

// A whole-text pattern (every branch anchored by ^ and $ without (?m))
// matches only texts made entirely of the bytes its literals and classes
// can produce: `^_0x[0-9a-f]{3,8}$` never matches a text holding an s.
// Such patterns test words and identifiers one at a time, most of which
// hold a letter the pattern cannot, so Rx.May rejects a text with any
// byte outside the set in one pass, before the literal gate lower-cases
// it and searches it. Derived from the pattern itself, like the gate.

// byteSet is a set of bytes.
type byteSet [256]bool

// holds reports whether every byte of t is in s.
func (s *byteSet) holds(t string) bool {
	for i := 0; i < len(t); i++ {
		if !s[t[i]] {
			return false
		}
	}
	return true
}

// wholeTextBytes returns the bytes a match of expr can hold when expr
// only matches whole texts, or nil when it can match part of a text or
// produce a byte outside ASCII (a class reaching past U+007F, a negated
// class, any-character, a letter whose case folds beyond ASCII as k and s
// do under (?i)): the set is then left to the literal gate.
func wholeTextBytes(expr string) *byteSet { return parseExpr(expr).wholeTextBytes() }

// wholeTextBytes is wholeTextBytes of the pattern.
func (p *parsed) wholeTextBytes() *byteSet {
	if p == nil {
		return nil
	}
	re := p.simple()
	if !anchoredAt(re, syntax.OpBeginText, true) || !anchoredAt(re, syntax.OpEndText, false) {
		return nil
	}
	var s byteSet
	if !addBytes(re, &s) {
		return nil
	}
	return &s
}

// anchoredAt reports whether every match of re begins (first) or ends
// (!first) with the zero-width op.
func anchoredAt(re *syntax.Regexp, op syntax.Op, first bool) bool {
	switch re.Op {
	case op:
		return true
	case syntax.OpCapture:
		return anchoredAt(re.Sub[0], op, first)
	case syntax.OpConcat:
		if len(re.Sub) == 0 {
			return false
		}
		if first {
			return anchoredAt(re.Sub[0], op, first)
		}
		return anchoredAt(re.Sub[len(re.Sub)-1], op, first)
	case syntax.OpAlternate:
		for _, sub := range re.Sub {
			if !anchoredAt(sub, op, first) {
				return false
			}
		}
		return len(re.Sub) > 0
	}
	return false
}

// addBytes adds to s every byte a match of re can hold; false when one
// is not ASCII.
func addBytes(re *syntax.Regexp, s *byteSet) bool {
	switch re.Op {
	case syntax.OpNoMatch, syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine,
		syntax.OpBeginText, syntax.OpEndText, syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return true
	case syntax.OpLiteral:
		for _, r := range re.Rune {
			f := r
			for {
				if f >= utf8.RuneSelf {
					return false
				}
				s[f] = true
				if re.Flags&syntax.FoldCase == 0 {
					break
				}
				if f = unicode.SimpleFold(f); f == r {
					break
				}
			}
		}
		return true
	case syntax.OpCharClass:
		for i := 0; i+1 < len(re.Rune); i += 2 {
			lo, hi := re.Rune[i], re.Rune[i+1]
			if hi >= utf8.RuneSelf {
				return false
			}
			for c := lo; c <= hi; c++ {
				s[c] = true
			}
		}
		return true
	case syntax.OpCapture, syntax.OpStar, syntax.OpPlus, syntax.OpQuest, syntax.OpRepeat,
		syntax.OpConcat, syntax.OpAlternate:
		for _, sub := range re.Sub {
			if !addBytes(sub, s) {
				return false
			}
		}
		return true
	}
	return false // any character, and whatever else may come
}
