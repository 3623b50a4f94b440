package rules

import (
	"os"
	"regexp"
	"testing"
)

// TestInstallLureLitsIndexed keeps shLitWords in step with the rule's
// pre-checks: a literal missing from it is still searched for, but on its
// own, one pass per call.
func TestInstallLureLitsIndexed(t *testing.T) {
	src, err := os.ReadFile("sv501_install_lure.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, call := range regexp.MustCompile(`\.maybe\(([^)]*)\)`).FindAllSubmatch(src, -1) {
		for _, lit := range regexp.MustCompile(`"([^"]*)"`).FindAllSubmatch(call[1], -1) {
			if _, ok := shLitIDs[string(lit[1])]; !ok {
				t.Errorf("maybe(%q) is not in shLitWords", lit[1])
			}
		}
	}
	l := newShLits("Before you RUN it, open the TERMINAL")
	if !l.maybe("run") || !l.maybe("terminal") || l.maybe("zip", "rar") {
		t.Error("case-folded presence wrong")
	}
	if !newShLits("ſecret zip").maybe("rar") {
		t.Error("non-ASCII text must always pass")
	}
}
