package report_test

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"testing"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/report"
	_ "github.com/skillvet/skillvet/sarif"
	"github.com/skillvet/skillvet/skill"
)

// FuzzWriters puts attacker-controlled text (skill name, message,
// evidence, justification, error) through every format: no writer may fail
// or panic, JSON and SARIF must stay valid JSON, JUnit valid XML, and the
// text format must carry no raw escape or bidi characters.
func FuzzWriters(f *testing.F) {
	f.Add("evil\x1b[31m", "msg <script>|`", "ev\u202e\x00\xff", "just\"ify]]>", 3, 7)
	f.Add("", "", "", "", 0, 0)
	f.Fuzz(func(t *testing.T, name, msg, evidence, reason string, line, col int) {
		s := skill.New("skills/x", map[string][]byte{"SKILL.md": []byte("---\nname: x\n---\n")})
		s.Name = name
		pos := skill.Position{Line: line, Column: col, Column16: col}
		res := &analyzer.Result{Skill: s, Dir: "skills/x", Errors: []string{reason},
			Findings: []analyzer.Finding{
				{Rule: "SV301", Severity: analyzer.Critical, Category: analyzer.CatOverride, Path: "SKILL.md", File: "skills/x/SKILL.md",
					Start: pos, End: pos, Message: msg, Evidence: evidence, Fingerprint: "f1"},
				{Rule: "SV003", Severity: analyzer.Medium, Category: analyzer.CatObfuscation, Path: "a b/ü.md", File: "skills/x/a b/ü.md",
					Start: pos, End: pos, Message: msg, Evidence: evidence, Fingerprint: "f2",
					Suppression: &analyzer.Suppression{Kind: "inSource", Justification: reason}},
			}}
		rep := &report.Report{Tool: report.Tool{Name: "skillvet", Version: "test", InformationURI: "https://example.com"},
			Results: []*analyzer.Result{res}, Rules: analyzer.BuiltinRules(), FailOn: analyzer.High, ShowSuppressed: true}
		for _, format := range report.Formats() {
			w, _ := report.Lookup(format)
			var b bytes.Buffer
			if err := w(&b, rep); err != nil {
				t.Fatalf("%s: %v", format, err)
			}
			switch format {
			case "json", "sarif":
				if !json.Valid(b.Bytes()) {
					t.Fatalf("%s: invalid JSON", format)
				}
			case "junit":
				dec := xml.NewDecoder(&b)
				for {
					if _, err := dec.Token(); err != nil {
						if err.Error() == "EOF" {
							break
						}
						t.Fatalf("junit: invalid XML: %v", err)
					}
				}
			case "text":
				if bytes.ContainsAny(b.Bytes(), "\x1b\u202e\x00") {
					t.Fatalf("text output carries raw control characters: %q", b.String())
				}
			}
		}
	})
}
