package rules

import (
	"regexp"
	"strings"

	"github.com/skillvet/skillvet/intel"
)

// credPathAny matches any of intel.CredentialPaths in one pass, and
// credPathLits prefilters it; both are built from the shared list so they
// stay in step with it.
var credPathAny, credPathLits = func() (*regexp.Regexp, []string) {
	var parts []string
	var lits []string
	known := true
	for _, c := range intel.CredentialPaths {
		parts = append(parts, "(?:"+c.Rx.String()+")")
		l := requiredLiterals(c.Rx.String())
		if l == nil {
			known = false
		}
		lits = append(lits, l...)
	}
	if !known {
		lits = nil
	}
	registerLits(lits)
	return regexp.MustCompile(strings.Join(parts, "|")), lits
}()

// mayHaveCredentialPath is a fast check that s might mention a credential
// path; false means MatchCredentialPath would find nothing.
func mayHaveCredentialPath(s string) bool {
	return containsAnyLit(strings.ToLower(s), credPathLits) && credPathAny.MatchString(s)
}

// credSegments marks the segments that may mention a credential path.
func (d *proseDoc) credSegments() []bool {
	d.credOnce.Do(func() {
		d.credSeg = d.candidates(credPathLits)
		for i, ok := range d.credSeg {
			if ok {
				seg := &d.Segments[i]
				d.credSeg[i] = credPathAny.Match(d.Src[seg.Start:seg.End])
			}
		}
	})
	return d.credSeg
}
