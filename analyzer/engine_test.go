package analyzer_test

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/skill"
)

// wordRule reports every occurrence of word in Markdown files.
func wordRule(id, word string, sev analyzer.Severity) *analyzer.Rule {
	return &analyzer.Rule{ID: id, Name: "word-" + word, Title: "word " + word, Doc: "test", Severity: sev,
		Category: analyzer.CatOverride, Tags: []string{"test"}, Inputs: analyzer.InMarkdown, Keywords: []string{word},
		Run: func(p *analyzer.Pass) error {
			s := string(p.File.Content)
			for i := strings.Index(s, word); i >= 0; {
				p.Report(analyzer.Diagnostic{Start: i, End: i + len(word), Message: "found " + word})
				j := strings.Index(s[i+1:], word)
				if j < 0 {
					break
				}
				i += 1 + j
			}
			return nil
		}}
}

func scan(t *testing.T, rules []*analyzer.Rule, opts analyzer.Options, files map[string]string) *analyzer.Result {
	t.Helper()
	eng, err := analyzer.New(rules, opts)
	if err != nil {
		t.Fatal(err)
	}
	m := fstest.MapFS{}
	for p, c := range files {
		m[p] = &fstest.MapFile{Data: []byte(c)}
	}
	return eng.Scan(context.Background(), analyzer.MemSource("skills/demo", m))
}

const manifest = "---\nname: demo\ndescription: d\n---\n"

func TestFindingsPositionsAndOrder(t *testing.T) {
	r := scan(t, []*analyzer.Rule{wordRule("SV900", "evil", analyzer.High)}, analyzer.Options{}, map[string]string{
		"SKILL.md":  manifest + "be evil\nnot here\n  evil again\n",
		"refs/b.md": "évil evil\n",
		"script.sh": "evil in a shell file is not Markdown",
	})
	var got []string
	for _, f := range r.Findings {
		got = append(got, f.File+":"+itoa(f.Start.Line)+":"+itoa(f.Start.Column)+"/"+itoa(f.Start.Column16))
	}
	want := "skills/demo/SKILL.md:5:4/4 skills/demo/SKILL.md:7:3/3 skills/demo/refs/b.md:1:6/6"
	if strings.Join(got, " ") != want {
		t.Errorf("got %v\nwant %v", got, want)
	}
	if r.Verdict(analyzer.High) != analyzer.VerdictBlock || r.Verdict(analyzer.Critical) != analyzer.VerdictWarn || r.Verdict(analyzer.SevNone) != analyzer.VerdictWarn {
		t.Error("verdict thresholds wrong")
	}
	if r.Findings[0].Evidence != "be evil" {
		t.Errorf("evidence = %q", r.Findings[0].Evidence)
	}
}

func TestFingerprintSurvivesLineShift(t *testing.T) {
	rule := []*analyzer.Rule{wordRule("SV900", "evil", analyzer.High)}
	a := scan(t, rule, analyzer.Options{}, map[string]string{"SKILL.md": manifest + "be evil\n"})
	b := scan(t, rule, analyzer.Options{}, map[string]string{"SKILL.md": manifest + "\n\nintro\n\n   be    evil  \n"})
	if a.Findings[0].Fingerprint != b.Findings[0].Fingerprint {
		t.Error("fingerprint changed with a line shift and whitespace edit")
	}
	c := scan(t, rule, analyzer.Options{}, map[string]string{"SKILL.md": manifest + "be evil\nbe evil\n"})
	if c.Findings[0].Fingerprint == c.Findings[1].Fingerprint {
		t.Error("identical lines share a fingerprint")
	}
}

func TestKeywordPrefilter(t *testing.T) {
	calls := 0
	r := wordRule("SV900", "evil", analyzer.High)
	inner := r.Run
	r.Run = func(p *analyzer.Pass) error { calls++; return inner(p) }
	scan(t, []*analyzer.Rule{r}, analyzer.Options{Jobs: 1}, map[string]string{"SKILL.md": manifest + "EVIL\n", "a.md": "nothing"})
	if calls != 1 {
		t.Errorf("rule ran %d times, want 1 (prefilter, case-insensitive)", calls)
	}
}

func TestFailClosed(t *testing.T) {
	panicky := wordRule("SV901", "x", analyzer.Low)
	panicky.Keywords = nil
	panicky.Run = func(p *analyzer.Pass) error { panic("boom") }
	r := scan(t, []*analyzer.Rule{panicky}, analyzer.Options{}, map[string]string{"SKILL.md": manifest})
	if len(r.Errors) != 1 || r.Findings[0].Rule != "SV002" || r.Verdict(analyzer.SevNone) != analyzer.VerdictBlock {
		t.Errorf("panic not fail-closed: %+v %+v", r.Errors, r.Findings)
	}

	slow := wordRule("SV902", "x", analyzer.Low)
	slow.Keywords = nil
	slow.Run = func(p *analyzer.Pass) error { <-p.Context().Done(); time.Sleep(10 * time.Millisecond); return nil }
	r = scan(t, []*analyzer.Rule{slow}, analyzer.Options{FileTimeout: 20 * time.Millisecond}, map[string]string{"SKILL.md": manifest})
	if len(r.Findings) != 1 || r.Findings[0].Rule != "SV002" || !strings.Contains(r.Findings[0].Message, "timed out") || r.Verdict(analyzer.Critical) != analyzer.VerdictBlock {
		t.Errorf("timeout not fail-closed: %+v", r.Findings)
	}
	if len(r.Errors) != 0 {
		t.Errorf("a timeout is a finding, not an internal error: %v", r.Errors)
	}

	r = scan(t, nil, analyzer.Options{Limits: skill.Limits{MaxFileBytes: 10, MaxFiles: 10, MaxTotalBytes: 100}}, map[string]string{"SKILL.md": manifest})
	if len(r.Findings) != 2 || r.Findings[0].Rule != "SV001" || r.Verdict(analyzer.SevNone) != analyzer.VerdictBlock {
		t.Errorf("oversized SKILL.md not fail-closed: %+v", r.Findings)
	}
}

func TestRuleValidation(t *testing.T) {
	bad := wordRule("bad id", "a", analyzer.High)
	if _, err := analyzer.New([]*analyzer.Rule{bad}, analyzer.Options{}); err == nil {
		t.Error("bad ID accepted")
	}
	dup := []*analyzer.Rule{wordRule("SV900", "a", analyzer.High), wordRule("SV900", "b", analyzer.High)}
	if _, err := analyzer.New(dup, analyzer.Options{}); err == nil {
		t.Error("duplicate ID accepted")
	}
	upper := wordRule("SV900", "A", analyzer.High)
	if _, err := analyzer.New([]*analyzer.Rule{upper}, analyzer.Options{}); err == nil {
		t.Error("upper-case keyword accepted")
	}
}

func TestScanAllDeterministic(t *testing.T) {
	eng, _ := analyzer.New([]*analyzer.Rule{wordRule("SV900", "evil", analyzer.High)}, analyzer.Options{Jobs: 4})
	var srcs []analyzer.Source
	for _, n := range []string{"d", "b", "c", "a"} {
		srcs = append(srcs, analyzer.MemSource(n, fstest.MapFS{"SKILL.md": {Data: []byte(manifest + "evil evil\n")}}))
	}
	res, err := eng.ScanAll(context.Background(), srcs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	for _, r := range res {
		dirs = append(dirs, r.Dir)
	}
	if strings.Join(dirs, "") != "abcd" {
		t.Errorf("order %v", dirs)
	}
}

func TestSanitize(t *testing.T) {
	in := "a\x1b[31mred\u202egnp.exe\u200b\U000E0041\xff"
	want := `a\u{001B}[31mred\u{202E}gnp.exe\u{200B}\u{E0041}\xff`
	if got := analyzer.Sanitize(in); got != want {
		t.Errorf("Sanitize = %q, want %q", got, want)
	}
	if got := analyzer.Sanitize("日本語 مرحبا"); got != "日本語 مرحبا" {
		t.Errorf("plain text changed: %q", got)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestEvidenceOfLongLine(t *testing.T) {
	// Evidence is the trimmed line cut at 240 bytes on a rune boundary.
	long := "  " + strings.Repeat("é", 200) + " evil " + strings.Repeat("x", 5000) + "  "
	r := scan(t, []*analyzer.Rule{wordRule("SV900", "evil", analyzer.High)}, analyzer.Options{}, map[string]string{"SKILL.md": manifest + long + "\n"})
	if got, want := r.Findings[0].Evidence, strings.Repeat("é", 120)+"…"; got != want {
		t.Errorf("evidence = %q, want %q", got, want)
	}
}
