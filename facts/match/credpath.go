package match

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/skillvet/skillvet/intel"
)

// CredPathAny matches any of intel.CredentialPaths in one pass, and
// CredPathLits prefilters it; both are built from the shared list so they
// stay in step with it.
var CredPathAny, CredPathLits = func() (*regexp.Regexp, []string) {
	var parts []string
	var lits []string
	known := true
	for _, c := range intel.CredentialPaths {
		parts = append(parts, "(?:"+c.Rx.String()+")")
		l := c.Rx.RequiredLiterals()
		if l == nil {
			known = false
		}
		lits = append(lits, l...)
	}
	if !known {
		lits = nil
	}
	RegisterLits(lits)
	return regexp.MustCompile(strings.Join(parts, "|")), lits
}()

// MayHaveCredentialPath is a fast check that s might mention a credential
// path; false means MatchCredentialPath would find nothing.
func MayHaveCredentialPath(s string) bool {
	return ContainsAnyLit(strings.ToLower(s), CredPathLits) && CredPathMatchString(s)
}

// CredPathMatch is CredPathAny.Match(b): whether b holds one of the
// credential paths. Each path's regexp runs behind its literal gate
// (tested on one lower-cased copy of b), which is far cheaper than the
// alternation of them all, whose matcher walks every pattern at every
// byte. The gates compare ASCII-lower-cased text; (?i) also folds ſ
// (U+017F) to s and the Kelvin sign (U+212A) to k, so text holding one of
// those goes to the alternation.
func CredPathMatch(b []byte) bool {
	if bytes.Contains(b, longS) || bytes.Contains(b, kelvin) {
		return CredPathAny.Match(b)
	}
	lower := LowerASCIIKeepLen(string(b))
	for _, c := range intel.CredentialPaths {
		if c.Rx.Gate().Match(lower) && c.Rx.Regexp().Match(b) {
			return true
		}
	}
	return false
}

// CredPathMatchString is CredPathMatch for a string.
func CredPathMatchString(s string) bool {
	if strings.Contains(s, string(longS)) || strings.Contains(s, string(kelvin)) {
		return CredPathAny.MatchString(s)
	}
	lower := LowerASCIIKeepLen(s)
	for _, c := range intel.CredentialPaths {
		if c.Rx.Gate().Match(lower) && c.Rx.Regexp().MatchString(s) {
			return true
		}
	}
	return false
}

// the two non-ASCII runes Go's case folding maps to ASCII letters
var longS, kelvin = []byte("\u017f"), []byte("\u212a")
