package match

import (
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
		l := RequiredLiterals(c.Rx.String())
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
	return ContainsAnyLit(strings.ToLower(s), CredPathLits) && CredPathAny.MatchString(s)
}
