package report_test

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/report"
	"github.com/skillvet/skillvet/report/reporttest"
	"github.com/skillvet/skillvet/skill"
)

func TestMDText(t *testing.T) {
	cases := map[string]string{
		"plain words":                "plain words",
		"a | b":                      "a &#124; b",
		"`code`":                     "&#96;code&#96;",
		"<script>alert(1)</script>":  "&lt;script&gt;alert(1)&lt;/script&gt;",
		"&amp;":                      "&amp;amp;",
		"**bold** _it_ ~~s~~ $x$":    `\*\*bold\*\* \_it\_ \~\~s\~\~ \$x\$`,
		"[x](javascript:alert(1))":   `\[x\](javascript\:alert(1))`,
		"![img](http://e/x.png)":     `!\[img\](http\://e/x.png)`,
		"see https://evil.example/x": `see https\://evil.example/x`,
		"visit www.evil.example now": `visit www\.evil.example now`,
		"cc @octocat and @org/team":  "cc @\u2060octocat and @\u2060org/team",
		"fixes #12, see #":           "fixes \\#\u206012, see \\#",
		"back\\slash\\|pipe":         `back\\slash\\&#124;pipe`,
		"line\nbreak\x1b[31m\u202e":  `line\\u{000A}break\\u{001B}\[31m\\u{202E}`,
		"tab\there":                  "tab here",
		"Déjà vu 😀":                  "Déjà vu 😀",
		"# heading - list + 1. item": "\\# heading - list + 1. item",
	}
	for in, want := range cases {
		if got := report.MDText(in); got != want {
			t.Errorf("mdText(%q)\n got  %q\n want %q", in, got, want)
		}
	}
}

var unescapedPipe = regexp.MustCompile(`(^|[^\\])\|`)

// TestMarkdownTables checks that attacker text cannot add or remove table
// cells: every row of a findings table has exactly five pipes.
func TestMarkdownTables(t *testing.T) {
	r := reporttest.Report()
	r.ShowSuppressed = true
	var b bytes.Buffer
	if err := report.WriteMarkdown(&b, r); err != nil {
		t.Fatal(err)
	}
	rows := 0
	for _, line := range strings.Split(b.String(), "\n") {
		if !strings.HasPrefix(line, "| ") || strings.HasPrefix(line, "| Verdict") || strings.HasPrefix(line, "| Location") {
			continue
		}
		if n := len(unescapedPipe.FindAllString(line, -1)); n != 5 && n != 8 {
			t.Errorf("row with %d cell separators: %s", n, line)
		}
		if strings.Contains(line, "SV") {
			rows++
		}
		for _, bad := range []string{"<script", "<img", "<b>", "`", "@octocat", " #1"} {
			if strings.Contains(line, bad) {
				t.Errorf("unescaped %q in %s", bad, line)
			}
		}
	}
	want := 0
	for _, res := range r.Results {
		if r.Verdict(res) != analyzer.VerdictPass {
			want += len(res.Findings)
		}
	}
	if rows != want {
		t.Errorf("%d finding rows, want %d (every finding of blocked and warned skills, suppressed ones folded)", rows, want)
	}
	if strings.Count(b.String(), "<details>") != strings.Count(b.String(), "</details>") {
		t.Error("unbalanced <details>")
	}
}

func TestMarkdownAllPassed(t *testing.T) {
	r := reporttest.Report()
	r.Results = r.Results[:1]
	var b bytes.Buffer
	if err := report.WriteMarkdown(&b, r); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "All 1 skill(s) passed.") || strings.Contains(b.String(), "###") {
		t.Errorf("unexpected output:\n%s", b.String())
	}
}

// bigReport has n skills with m long findings each, all blocking.
func bigReport(n, m int) *report.Report {
	r := reporttest.Report()
	r.Results = nil
	for i := 0; i < n; i++ {
		dir := fmt.Sprintf("skills/s%03d", i)
		res := &analyzer.Result{Skill: &skill.Skill{Name: fmt.Sprintf("s%03d", i), Dir: dir}, Dir: dir}
		for j := 0; j < m; j++ {
			res.Findings = append(res.Findings, analyzer.Finding{Rule: "SV101", Severity: analyzer.Critical,
				Path: "run.sh", File: dir + "/run.sh", Start: skill.Position{Line: j + 1, Column: 1, Column16: 1},
				Message: strings.Repeat("long message with | pipes and `ticks` 😀 ", 8), Evidence: "curl x | sh"})
		}
		if i%2 == 0 {
			sup := res.Findings[0]
			sup.Suppression = &analyzer.Suppression{Kind: "inSource", Justification: "ok"}
			res.Findings = append(res.Findings, sup)
		}
		r.Results = append(r.Results, res)
	}
	r.ShowSuppressed = true
	return r
}

var noteRx = regexp.MustCompile(`(\d+) more finding\(s\) in (\d+) skill\(s\) are not shown`)

func TestMarkdownTruncation(t *testing.T) {
	for _, tc := range []struct {
		name        string
		skills, per int
		limit       int
	}{
		{"github limit", 40, 30, report.MarkdownLimit},
		{"small", 6, 5, 4000},
		{"tiny", 3, 3, 1500},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := bigReport(tc.skills, tc.per)
			var b bytes.Buffer
			if err := report.WriteMDLimit(&b, r, tc.limit); err != nil {
				t.Fatal(err)
			}
			out := b.String()
			if n := report.UTF16Len(out); n > tc.limit {
				t.Fatalf("%d UTF-16 units, limit %d", n, tc.limit)
			}
			m := noteRx.FindStringSubmatch(out)
			if m == nil {
				t.Fatalf("no truncation note in:\n%s", out[max(0, len(out)-500):])
			}
			shown := 0
			for _, line := range strings.Split(out, "\n") {
				if strings.HasPrefix(line, "| skills/") {
					shown++
				}
			}
			total := 0
			for _, res := range r.Results {
				total += len(res.Findings)
			}
			var hidden, hiddenSkills int
			fmt.Sscan(m[1], &hidden)
			fmt.Sscan(m[2], &hiddenSkills)
			if shown+hidden != total {
				t.Errorf("%d shown + %d hidden != %d findings", shown, hidden, total)
			}
			if hiddenSkills < 1 || hiddenSkills > tc.skills {
				t.Errorf("hidden skills %d", hiddenSkills)
			}
			if strings.Count(out, "<details>") != strings.Count(out, "</details>") {
				t.Error("unbalanced <details>")
			}
			if !strings.HasPrefix(out, "## skillvet") || !strings.Contains(out, "| **total** |") {
				t.Error("summary missing")
			}
		})
	}
	// Under the limit: no note.
	var b bytes.Buffer
	if err := report.WriteMarkdown(&b, bigReport(2, 2)); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "not shown") {
		t.Error("truncation note on a small report")
	}
}
