package report_test

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/skillvet/skillvet/analyzer"
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

func TestDisplayFilterAndCap(t *testing.T) {
	r := reporttest.Report()
	base := r.Summarize()
	write := func() string {
		var b bytes.Buffer
		if err := report.WriteText(&b, r); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}

	// --severity high: medium, low and info findings are not listed but
	// still counted; the blocked skills keep their blocking findings.
	r.Display.MinSeverity = analyzer.High
	out := write()
	for _, hidden := range []string{"SV301 (indicator) instruction", "SV902 (lint) link", "SV905 (lint) description"} {
		if strings.Contains(out, hidden) {
			t.Errorf("--severity high lists %q:\n%s", hidden, out)
		}
	}
	for _, kept := range []string{"critical SV101", "high SV205", "high SV001", "high SV002"} {
		if !strings.Contains(out, kept) {
			t.Errorf("--severity high hides %q:\n%s", kept, out)
		}
	}
	if strings.Contains(out, "notes app") {
		t.Errorf("a warned skill with nothing listed has a block:\n%s", out)
	}
	if !strings.Contains(out, "5 finding(s) not listed: 5 below --severity high") ||
		!strings.Contains(out, "       3  info      SV905      Description too short (3 not listed)") {
		t.Errorf("hidden findings not accounted for:\n%s", out)
	}
	if s := r.Summarize(); s.Findings != base.Findings || s.Blocked != base.Blocked {
		t.Errorf("display changed the outcome: %+v vs %+v", s, base)
	}

	// --max-per-rule 1: the second SV905 goes, the blocking ones never do.
	r.Display = report.Display{MaxPerRule: 1}
	for _, f := range r.Results[2].Findings {
		if f.Rule == "SV101" {
			r.Results[2].Findings = append(r.Results[2].Findings, f) // a second SV101 (blocks)
			break
		}
	}
	out = write()
	if got := strings.Count(out, "SV905 (lint) description"); got != 1 {
		t.Errorf("SV905 listed %d times with --max-per-rule 1:\n%s", got, out)
	}
	if got := strings.Count(out, "critical SV101"); got != 2 {
		t.Errorf("a blocking finding was capped (%d listed):\n%s", got, out)
	}
	if !strings.Contains(out, "2 finding(s) not listed: 2 over --max-per-rule 1") {
		t.Errorf("capped findings not accounted for:\n%s", out)
	}

	// --quiet: findings only.
	r.Display = report.Display{Quiet: true}
	out = write()
	if strings.Contains(out, "skill(s):") || strings.Contains(out, "Findings by rule") || !strings.Contains(out, "SV905") {
		t.Errorf("quiet output:\n%s", out)
	}
}
