package report_test

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/skillvet/skillvet/report"
	"github.com/skillvet/skillvet/report/reporttest"
)

// ourSGR matches the colour codes the text writer emits itself.
var ourSGR = regexp.MustCompile(`\x1b\[(0|1|2|31|33|35|36)m`)

func TestTextEscapes(t *testing.T) {
	r := reporttest.Report()
	r.ShowSuppressed = true
	r.Results[2].Findings[0].File = "scripts/\x1b]0;pwned\x07.sh"
	r.Results[2].Errors = []string{"boom \x1b[2J"}

	var plain bytes.Buffer
	if err := report.WriteText(&plain, r); err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(plain.String(), "\x1b\x07\x00") {
		t.Errorf("control characters in uncoloured text:\n%q", plain.String())
	}

	r.Color = true
	var col bytes.Buffer
	if err := report.WriteText(&col, r); err != nil {
		t.Fatal(err)
	}
	if rest := ourSGR.ReplaceAllString(col.String(), ""); strings.ContainsAny(rest, "\x1b\x07\x00") {
		t.Errorf("control characters besides our colours:\n%q", rest)
	}
	if !strings.Contains(col.String(), "\x1b[") {
		t.Error("no colour with Color set")
	}
}

func TestTextShowSuppressed(t *testing.T) {
	r := reporttest.Report()
	var b bytes.Buffer
	if err := report.WriteText(&b, r); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "[suppressed") || !strings.Contains(b.String(), "2 suppressed (--show-suppressed lists them)") {
		t.Errorf("suppressed findings shown without ShowSuppressed:\n%s", b.String())
	}
	r.ShowSuppressed = true
	b.Reset()
	if err := report.WriteText(&b, r); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "[suppressed (inSource): quoted in a security tutorial | see `docs/`]") ||
		!strings.Contains(b.String(), "[suppressed (external): accepted in baseline 2026-10\\u{001B}[2J]") {
		t.Errorf("suppressed findings missing:\n%s", b.String())
	}
	if strings.Contains(b.String(), "clean-skill") {
		t.Error("a clean skill is listed")
	}
}
