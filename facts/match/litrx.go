package match

import "regexp"

// LitRx is a regexp behind its literal prefilter (the gitleaks order:
// keywords first, the regexp only where one is present). Literals are
// compared case-insensitively, so it suits raw and normalised text alike.
type LitRx struct {
	Rx   *regexp.Regexp
	Lits []string // lower case; nil: no prefilter known, always run
}

// MustLitRx compiles expr and its required literals.
func MustLitRx(expr string) *LitRx {
	return &LitRx{Rx: regexp.MustCompile(expr), Lits: RequiredLiterals(expr)}
}

// May reports whether t can match: one of the literals is in it.
func (l *LitRx) May(t string) bool {
	if l.Lits == nil {
		return true
	}
	if ContainsAnyLit(t, l.Lits) {
		return true
	}
	for i := 0; i < len(t); i++ {
		if c := t[i]; c >= 'A' && c <= 'Z' {
			return ContainsAnyLit(LowerASCIIKeepLen(t), l.Lits)
		}
	}
	return false
}

// FindString is Rx.FindString behind the prefilter.
func (l *LitRx) FindString(t string) string {
	if !l.May(t) {
		return ""
	}
	return l.Rx.FindString(t)
}

// FindStringIndex is Rx.FindStringIndex behind the prefilter.
func (l *LitRx) FindStringIndex(t string) []int {
	if !l.May(t) {
		return nil
	}
	return l.Rx.FindStringIndex(t)
}

// MatchString is Rx.MatchString behind the prefilter.
func (l *LitRx) MatchString(t string) bool {
	return l.May(t) && l.Rx.MatchString(t)
}
