package audit_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"regexp"
	"strings"
	"testing"

	"github.com/skillvet/skillvet/audit"
)

// TestHTMLSelfContainedStrictCSP: one file, no external resource, no
// inline style attribute or event handler, and a CSP that allows exactly
// the page's inline style and script by their SHA-256.
func TestHTMLSelfContainedStrictCSP(t *testing.T) {
	r := noisyReport()
	var b bytes.Buffer
	if err := audit.WriteHTML(&b, r, audit.Summarize(r, 10)); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	csp := regexp.MustCompile(`<meta http-equiv="Content-Security-Policy" content="([^"]*)">`).FindStringSubmatch(page)
	if csp == nil || strings.Contains(csp[1], "unsafe") || !strings.HasPrefix(csp[1], "default-src 'none';") {
		t.Fatalf("CSP: %v", csp)
	}
	hash := func(s string) string {
		sum := sha256.Sum256([]byte(s))
		return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	}
	for _, tag := range []string{"style", "script"} {
		m := regexp.MustCompile(`(?s)<`+tag+`>(.*?)</`+tag+`>`).FindAllStringSubmatch(page, -1)
		if len(m) != 1 {
			t.Fatalf("%d <%s> elements", len(m), tag)
		}
		if !strings.Contains(csp[1], tag+"-src "+hash(m[0][1])) {
			t.Errorf("the CSP does not allow the page's own <%s> by hash", tag)
		}
	}
	for _, bad := range []*regexp.Regexp{regexp.MustCompile(`<[^>]*\sstyle=`), regexp.MustCompile(`<[^>]*\son[a-z]+=`),
		regexp.MustCompile(`(?i)<[^>]*\s(src|href)="(https?:)?//`), regexp.MustCompile(`<img`)} {
		if loc := bad.FindStringIndex(page); loc != nil {
			t.Errorf("%s at %q", bad, page[max(0, loc[0]-60):min(len(page), loc[1]+60)])
		}
	}
}

// TestHTMLNeverCutsSevere: with more lint than the cap, every blocking,
// high or critical finding is in the table and the rest is counted.
func TestHTMLNeverCutsSevere(t *testing.T) {
	r := noisyReport()
	var b bytes.Buffer
	if err := audit.WriteHTML(&b, r, audit.Summarize(r, 10)); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	for _, rule := range []string{"SV122", "SV301", "SV002"} {
		if !strings.Contains(page, `data-rule="`+rule+`"`) {
			t.Errorf("%s missing from the findings table", rule)
		}
	}
	if n := strings.Count(page, `data-rule="SV913"`); n != audit.MaxHTMLFindings {
		t.Errorf("%d lint rows, want the cap %d", n, audit.MaxHTMLFindings)
	}
	if !strings.Contains(page, "200 lower-severity finding(s) are not listed") {
		t.Error("the cut is not counted")
	}
	// Risk order: the critical chain from the last skill in path order is row 1.
	first := regexp.MustCompile(`<tr data-verdict="[a-z]+" data-sev="\d" data-kind="[a-z]+" data-rule="(SV\d+)"`).FindStringSubmatch(page)
	if first == nil || first[1] != "SV122" {
		t.Errorf("first row: %v", first)
	}
}
