package pyfacts

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestPyEvidence(t *testing.T) {
	long := strings.Repeat("é", 400) + "TARGET" + strings.Repeat("x", 1000)
	src := "short line here\n" + long + "\n"
	if got := pyEvidence(src, 3); got != "short line here" {
		t.Errorf("short line: %q", got)
	}
	off := strings.Index(src, "TARGET")
	got := pyEvidence(src, off)
	if !strings.Contains(got, "TARGET") || len(got) > pyEvidenceMax || !utf8.ValidString(got) {
		t.Errorf("long line: %d bytes, valid %v, %q", len(got), utf8.ValidString(got), got)
	}
}
