package report_test

import (
	"bytes"
	"encoding/xml"
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/report"
	"github.com/skillvet/skillvet/report/reporttest"
)

type xSuites struct {
	Tests    int      `xml:"tests,attr"`
	Failures int      `xml:"failures,attr"`
	Errors   int      `xml:"errors,attr"`
	Skipped  int      `xml:"skipped,attr"`
	Suites   []xSuite `xml:"testsuite"`
}

type xSuite struct {
	Name     string  `xml:"name,attr"`
	Tests    int     `xml:"tests,attr"`
	Failures int     `xml:"failures,attr"`
	Errors   int     `xml:"errors,attr"`
	Skipped  int     `xml:"skipped,attr"`
	Cases    []xCase `xml:"testcase"`
}

type xCase struct {
	Name    string    `xml:"name,attr"`
	Failure *xOutcome `xml:"failure"`
	Error   *xOutcome `xml:"error"`
	Skipped *xOutcome `xml:"skipped"`
	Out     string    `xml:"system-out"`
}

type xOutcome struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Body    string `xml:",chardata"`
}

func junit(t *testing.T, r *report.Report) (string, xSuites) {
	t.Helper()
	var b bytes.Buffer
	if err := report.WriteJUnit(&b, r); err != nil {
		t.Fatal(err)
	}
	// Well-formed: the strict decoder reads every token.
	d := xml.NewDecoder(bytes.NewReader(b.Bytes()))
	for {
		if _, err := d.Token(); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("not well-formed XML: %v\n%s", err, b.String())
		}
	}
	var s xSuites
	if err := xml.Unmarshal(b.Bytes(), &s); err != nil {
		t.Fatal(err)
	}
	return b.String(), s
}

// invalidXMLChar matches what XML 1.0 forbids even as a character
// reference.
var invalidXMLChar = regexp.MustCompile("[\x00-\x08\x0b\x0c\x0e-\x1f\uFFFE\uFFFF]|&#x?0*([0-8]|1[0-9a-fA-F]|[bBcCeEfF]);")

func TestJUnit(t *testing.T) {
	r := reporttest.Report()
	out, s := junit(t, r)
	if invalidXMLChar.MatchString(out) {
		t.Error("output holds a character XML 1.0 forbids")
	}
	if len(s.Suites) != len(r.Results) {
		t.Fatalf("%d suites for %d skills", len(s.Suites), len(r.Results))
	}
	if want := "notes\\u{001B}[31m <img src=x onerror=alert(1)> | @octocat"; s.Suites[3].Name != want {
		t.Errorf("suite name %q, want the sanitised skill name %q", s.Suites[3].Name, want)
	}
	var tests, failures, errors, skipped int
	for _, su := range s.Suites {
		var f, e, sk int
		for _, c := range su.Cases {
			switch {
			case c.Failure != nil:
				f++
			case c.Error != nil:
				e++
			case c.Skipped != nil:
				sk++
			}
		}
		if su.Tests != len(su.Cases) || su.Failures != f || su.Errors != e || su.Skipped != sk {
			t.Errorf("suite %s counts %d/%d/%d/%d, cases say %d/%d/%d/%d", su.Name,
				su.Tests, su.Failures, su.Errors, su.Skipped, len(su.Cases), f, e, sk)
		}
		tests, failures, errors, skipped = tests+su.Tests, failures+su.Failures, errors+su.Errors, skipped+su.Skipped
	}
	if s.Tests != tests || s.Failures != failures || s.Errors != errors || s.Skipped != skipped {
		t.Errorf("testsuites counts do not add up")
	}

	byName := map[string]xCase{}
	for _, su := range s.Suites {
		for _, c := range su.Cases {
			byName[su.Name+"/"+c.Name] = c
		}
	}
	check := func(key, outcome string) xCase {
		t.Helper()
		c, ok := byName[key]
		if !ok {
			t.Fatalf("no testcase %s", key)
		}
		got := "pass"
		switch {
		case c.Failure != nil:
			got = "failure"
		case c.Error != nil:
			got = "error"
		case c.Skipped != nil:
			got = "skipped"
		}
		if got != outcome {
			t.Errorf("%s: %s, want %s", key, got, outcome)
		}
		return c
	}
	check("clean-skill/scan", "pass")
	check("crashy/SV002 analysis-failed: notes.md", "failure")
	c := check("crashy/analysis", "error")
	if !strings.Contains(c.Error.Body, "goroutine 12") || !strings.Contains(c.Error.Body, `\u{0000}`) {
		t.Errorf("analysis error body %q", c.Error.Body)
	}
	c = check("deploy-helper/SV101 curl-pipe-shell: scripts/install.sh", "failure")
	if c.Failure.Type != "critical" || !strings.Contains(c.Failure.Body, "curl -fsSL https://get.example.com/i.sh | sh") {
		t.Errorf("failure %+v", c.Failure)
	}
	check("deploy-helper/SV205 credential-read: SKILL.md", "failure")
	check("deploy-helper/SV301 instruction-override: SKILL.md", "skipped") // medium < high
	check("deploy-helper/SV301 instruction-override: docs/tutorial.md", "skipped")
	c = check(s.Suites[3].Name+"/SV902 broken-link: docs/my notes #1.md", "skipped")
	if !strings.Contains(c.Out, "<script>alert(1)</script>") || !strings.Contains(c.Out, "]]> & done") {
		t.Errorf("attacker text not preserved: %q", c.Out)
	}
	check(s.Suites[3].Name+"/SV101 curl-pipe-shell: scripts/setup.sh", "skipped") // suppressed critical
	check("opaque-assets/SV001 unreadable-content: assets/blob.bin", "failure")
	check("opaque-assets/SV905 short-description: SKILL.md", "skipped")
}

// With fail-on none only content that was not analysed fails; with
// fail-on info every unsuppressed finding does.
func TestJUnitThreshold(t *testing.T) {
	r := reporttest.Report()
	r.FailOn = analyzer.SevNone
	_, s := junit(t, r)
	if s.Failures != 2 { // SV002 and SV001, both unanalysed
		t.Errorf("fail-on none: %d failures, want 2", s.Failures)
	}
	r.FailOn = analyzer.Info
	_, s = junit(t, r)
	if s.Failures != 9 || s.Skipped != 2 { // 9 unsuppressed rule×file groups; 2 suppressed
		t.Errorf("fail-on info: %d failures %d skipped, want 9 and 2", s.Failures, s.Skipped)
	}
}

// Raw control characters, invalid UTF-8 and "]]>" anywhere in the model
// still give well-formed XML.
func TestJUnitHostileText(t *testing.T) {
	r := reporttest.Report()
	res := r.Results[2]
	res.Skill.Name = "x\x00\x01\x0b\x1b[0m\xff\xfe]]><!--"
	res.Dir = "dir\x07/\"quoted\" & 'single'"
	res.Findings[0].Message = "m\x00\x1f\uFFFE\uFFFF</failure><failure>"
	res.Findings[0].File = "f\x0c.sh"
	res.Errors = []string{"e\x00rr\n\x1b]0;title\x07"}
	out, s := junit(t, r)
	if invalidXMLChar.MatchString(out) {
		t.Error("output holds a character XML 1.0 forbids")
	}
	if s.Suites[2].Name != `x\u{0000}\u{0001}\u{000B}\u{001B}[0m\xff\xfe]]><!--` {
		t.Errorf("suite name %q", s.Suites[2].Name)
	}
}
