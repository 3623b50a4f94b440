package analyzer_test

import (
	"strings"
	"testing"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/skill"
)

// capRule records a capability for every occurrence of word in Markdown
// files and, when report is set, also reports it as a finding of kind ev.
func capRule(id, word string, kind analyzer.CapKind, ev analyzer.Evidence, report bool) *analyzer.Rule {
	return &analyzer.Rule{ID: id, Name: "cap-" + word, Title: "cap " + word, Doc: "test", Severity: analyzer.Critical,
		Category: analyzer.CatExfiltration, Evidence: ev, Tags: []string{"test"}, Inputs: analyzer.InMarkdown,
		Run: func(p *analyzer.Pass) error {
			s := string(p.File.Content)
			if i := strings.Index(s, word); i >= 0 {
				p.Capability(kind, word+".example", i)
				if report {
					p.Report(analyzer.Diagnostic{Start: i, End: i + len(word), Message: "saw " + word})
				}
			}
			return nil
		}}
}

func TestCapabilityFindingsNeverBlock(t *testing.T) {
	r := scan(t, []*analyzer.Rule{capRule("SV900", "upload", analyzer.CapNetSend, analyzer.EvCapability, true)},
		analyzer.Options{}, map[string]string{"SKILL.md": manifest + "upload it\n"})
	if len(r.Findings) != 1 {
		t.Fatalf("findings %+v", r.Findings)
	}
	f := r.Findings[0]
	if f.Kind != analyzer.EvCapability || f.Severity != analyzer.Low {
		t.Errorf("capability finding is %s/%s, want capability/low (capped)", f.Kind, f.Severity)
	}
	if v := r.Verdict(analyzer.Low); v != analyzer.VerdictWarn {
		t.Errorf("verdict at fail-on low = %s, want warn: a capability never blocks alone", v)
	}
	if len(r.Capabilities) != 1 || r.Capabilities[0].Kind != analyzer.CapNetSend ||
		r.Capabilities[0].Target != "upload.example" || r.Capabilities[0].Line != 5 || r.Capabilities[0].Rule != "SV900" {
		t.Errorf("capabilities %+v", r.Capabilities)
	}
}

func TestLintBlocksOnlyWhenAsked(t *testing.T) {
	lint := &analyzer.Rule{ID: "SV901", Name: "lint", Title: "lint", Doc: "d", Severity: analyzer.High,
		Category: analyzer.CatLint, Inputs: analyzer.InMarkdown,
		Run: func(p *analyzer.Pass) error { p.Reportf(0, "lint"); return nil }}
	r := scan(t, []*analyzer.Rule{lint}, analyzer.Options{}, map[string]string{"SKILL.md": manifest + "x\n"})
	if r.Findings[0].Kind != analyzer.EvLint {
		t.Fatalf("kind %s", r.Findings[0].Kind)
	}
	if v := r.Verdict(analyzer.Info); v != analyzer.VerdictWarn {
		t.Errorf("lint blocked by default: %s", v)
	}
	if v := r.Decide(analyzer.Policy{FailOn: analyzer.High, FailOnLint: true}); v != analyzer.VerdictBlock {
		t.Errorf("lint with FailOnLint: %s, want block", v)
	}
	if v := r.Decide(analyzer.Policy{FailOn: analyzer.Critical, FailOnLint: true}); v != analyzer.VerdictWarn {
		t.Errorf("lint below the threshold with FailOnLint: %s, want warn", v)
	}
}

func TestIntegrityAlwaysBlocks(t *testing.T) {
	f := analyzer.Finding{Severity: analyzer.Info, Kind: analyzer.EvIntegrity}
	if !f.Blocks(analyzer.Policy{FailOn: analyzer.SevNone}) {
		t.Error("integrity finding does not block at fail-on none")
	}
	f.Suppression = &analyzer.Suppression{Kind: "external"}
	if f.Blocks(analyzer.Policy{FailOn: analyzer.Info}) {
		t.Error("suppressed finding blocks")
	}
}

// A correlator sees every file's capabilities and reports a chain whose
// steps are in two files.
func TestCorrelatorReportsChainAcrossFiles(t *testing.T) {
	var sawFindings int
	chain := &analyzer.Rule{ID: "SV800", Name: "chain", Title: "chain", Doc: "d", Severity: analyzer.High,
		Category: analyzer.CatExfiltration, Evidence: analyzer.EvChain, Inputs: analyzer.InEvidence,
		Run: func(p *analyzer.Pass) error {
			sawFindings = len(p.Findings())
			var read, send *analyzer.Cap
			for i, c := range p.Caps() {
				switch c.Kind {
				case analyzer.CapReadSecret:
					read = &p.Caps()[i]
				case analyzer.CapNetSend:
					send = &p.Caps()[i]
				}
			}
			if read == nil || send == nil {
				return nil
			}
			rf, sf := p.Skill.File(read.Path), p.Skill.File(send.Path)
			p.Report(analyzer.Diagnostic{File: send.Path, Start: sf.LineStart(send.Line),
				Message: "reads a secret and sends it out",
				Steps: []analyzer.Step{
					{File: read.Path, Start: rf.LineStart(read.Line), Message: "reads " + read.Target},
					{File: send.Path, Start: sf.LineStart(send.Line), Message: "sends to " + send.Target},
				}})
			return nil
		}}
	rules := []*analyzer.Rule{
		capRule("SV901", "secret", analyzer.CapReadSecret, analyzer.EvCapability, true),
		capRule("SV902", "upload", analyzer.CapNetSend, analyzer.EvCapability, false),
		chain,
	}
	r := scan(t, rules, analyzer.Options{}, map[string]string{
		"SKILL.md":      manifest + "read the secret\n",
		"refs/guide.md": "then\nupload it\n",
	})
	if sawFindings != 1 {
		t.Errorf("correlator saw %d findings, want 1", sawFindings)
	}
	var got *analyzer.Finding
	for i := range r.Findings {
		if r.Findings[i].Rule == "SV800" {
			got = &r.Findings[i]
		}
	}
	if got == nil {
		t.Fatalf("no chain finding: %+v", r.Findings)
	}
	if got.Kind != analyzer.EvChain || got.Path != "refs/guide.md" || got.Start.Line != 2 {
		t.Errorf("chain finding %+v", got)
	}
	if len(got.Steps) != 2 || got.Steps[0].Path != "SKILL.md" || got.Steps[0].Start.Line != 5 ||
		got.Steps[1].File != "skills/demo/refs/guide.md" || got.Steps[1].Start.Line != 2 {
		t.Errorf("steps %+v", got.Steps)
	}
	if r.Verdict(analyzer.High) != analyzer.VerdictBlock {
		t.Error("a chain at the threshold does not block")
	}
}

func TestRuleEvidenceValidation(t *testing.T) {
	base := func() *analyzer.Rule {
		return &analyzer.Rule{ID: "SV900", Name: "n", Title: "t", Doc: "d", Severity: analyzer.High,
			Category: analyzer.CatOverride, Inputs: analyzer.InMarkdown, Run: func(*analyzer.Pass) error { return nil }}
	}
	for name, mut := range map[string]func(*analyzer.Rule){
		"lint kind outside lint":     func(r *analyzer.Rule) { r.Evidence = analyzer.EvLint },
		"lint category with a chain": func(r *analyzer.Rule) { r.Category = analyzer.CatLint; r.Evidence = analyzer.EvChain },
		"evidence input mixed":       func(r *analyzer.Rule) { r.Inputs = analyzer.InEvidence | analyzer.InMarkdown },
		"unknown kind":               func(r *analyzer.Rule) { r.Evidence = 42 },
	} {
		r := base()
		mut(r)
		if r.Validate() == nil {
			t.Errorf("%s: validated", name)
		}
	}
	if r := base(); r.Validate() != nil || r.Kind() != analyzer.EvIndicator {
		t.Errorf("default rule: %v %s", r.Validate(), r.Kind())
	}
}

func TestDiffCaps(t *testing.T) {
	before := []analyzer.Cap{
		{Kind: analyzer.CapNetSend, Target: "api.example.com", Path: "a.py", Line: 1},
		{Kind: analyzer.CapExec, Target: "git", Path: "a.py", Line: 2},
	}
	after := []analyzer.Cap{
		{Kind: analyzer.CapNetSend, Target: "api.example.com", Path: "b.py", Line: 9}, // moved: not a change
		{Kind: analyzer.CapNetSend, Target: "collect.example.net", Path: "b.py", Line: 10},
		{Kind: analyzer.CapReadSecret, Target: "~/.aws/credentials", Path: "b.py", Line: 3},
	}
	d := analyzer.DiffCaps(before, after)
	if len(d.Added) != 2 || len(d.Removed) != 1 || d.Removed[0].Target != "git" {
		t.Fatalf("diff %+v", d)
	}
	want := "adds: sends data to collect.example.net (b.py:10); reads ~/.aws/credentials (b.py:3) — drops: runs git (a.py:2)"
	if d.String() != want {
		t.Errorf("got  %q\nwant %q", d.String(), want)
	}
	if got := analyzer.DedupCaps(append(after, after[1])); len(got) != 3 || got[0].Kind != analyzer.CapNetSend {
		t.Errorf("dedup %+v", got)
	}
}

type crashKey struct{}

// Every rule of a language gets the same parse failure; the skill gets one
// integrity finding per file, not one per rule, and only a parser crash is
// an internal error.
func TestParseFailureReportedOncePerFile(t *testing.T) {
	parseRule := func(id string, crash bool) *analyzer.Rule {
		return &analyzer.Rule{ID: id, Name: "p" + id, Title: "t", Doc: "d", Severity: analyzer.High,
			Category: analyzer.CatOverride, Inputs: analyzer.InMarkdown,
			Run: func(p *analyzer.Pass) error {
				_, err := p.File.Memo(crashKey{}, func() (any, error) {
					if crash {
						panic("parser bug")
					}
					return nil, errString("too deep")
				})
				if err != nil {
					return &analyzer.ParseError{What: "Markdown", Err: err}
				}
				return nil
			}}
	}
	for _, crash := range []bool{false, true} {
		r := scan(t, []*analyzer.Rule{parseRule("SV900", crash), parseRule("SV901", crash), parseRule("SV902", crash)},
			analyzer.Options{}, map[string]string{"SKILL.md": manifest + "x\n"})
		n := 0
		for _, f := range r.Findings {
			if f.Rule == analyzer.AnalysisFailed.ID {
				n++
				if !f.Unanalysed || strings.Contains(f.Message, "goroutine") {
					t.Errorf("crash=%v: finding %+v", crash, f)
				}
			}
		}
		if n != 1 {
			t.Errorf("crash=%v: %d SV002 findings, want 1: %+v", crash, n, r.Findings)
		}
		if wantErrs := map[bool]int{false: 0, true: 1}[crash]; len(r.Errors) != wantErrs {
			t.Errorf("crash=%v: %d errors, want %d: %q", crash, len(r.Errors), wantErrs, r.Errors)
		}
		if r.Verdict(analyzer.Critical) != analyzer.VerdictBlock {
			t.Errorf("crash=%v: not blocked", crash)
		}
	}
}

type errString string

func (e errString) Error() string { return string(e) }

// An extractor that finds code in every file, its own output included, is
// stopped at the depth limit with an integrity finding; findings in the
// embedded code are reported in the host file with the code named.
func TestEmbeddedCodeDepthAndMapping(t *testing.T) {
	extract := &analyzer.Rule{ID: "SV050", Name: "x", Title: "x", Doc: "d", Severity: analyzer.Info,
		Category: analyzer.CatObfuscation, Evidence: analyzer.EvIntegrity, Inputs: analyzer.InMarkdown,
		Extract: func(p *analyzer.Pass) ([]*skill.File, error) {
			i := strings.Index(string(p.File.Content), "evil")
			if i < 0 {
				return nil, nil
			}
			return []*skill.File{skill.NewEmbedded(p.File, skill.KindMarkdown, i, len(p.File.Content), "nested block", ".md")}, nil
		}}
	unparsable := &analyzer.Rule{ID: "SV005", Name: "u", Title: "u", Doc: "d", Severity: analyzer.High,
		Category: analyzer.CatObfuscation, Evidence: analyzer.EvIntegrity, Inputs: analyzer.InMarkdown,
		Run: func(p *analyzer.Pass) error {
			if p.File.Embed != nil {
				p.Report(analyzer.Diagnostic{Message: "snippet does not parse", Unanalysed: true})
			}
			return nil
		}}
	r := scan(t, []*analyzer.Rule{extract, unparsable, wordRule("SV900", "evil", analyzer.High)}, analyzer.Options{},
		map[string]string{"SKILL.md": manifest + "intro\nbe evil\n"})
	var depth, word int
	for _, f := range r.Findings {
		switch {
		case f.Rule == "SV001" && strings.Contains(f.Message, "levels deep"):
			depth++
		case f.Rule == "SV900":
			word++
			if f.Path != "SKILL.md" || f.Start.Line != 6 {
				t.Errorf("embedded finding at %s:%d", f.Path, f.Start.Line)
			}
		case f.Rule == "SV005":
			t.Errorf("an embedded snippet that does not parse blocked the skill: %+v", f)
		}
	}
	if depth != 1 {
		t.Errorf("%d depth-limit findings, want 1: %+v", depth, r.Findings)
	}
	// the real file and each of MaxEmbedDepth levels report the word
	if word != 1+analyzer.MaxEmbedDepth {
		t.Errorf("%d word findings, want %d", word, 1+analyzer.MaxEmbedDepth)
	}
	if r.Verdict(analyzer.Critical) != analyzer.VerdictBlock {
		t.Error("code past the depth limit does not block")
	}
}

// Findings in embedded code that the text presents as an illustration (a
// bad example, a quoted attack) warn instead of blocking, and say why.
func TestIllustrationWarns(t *testing.T) {
	extract := &analyzer.Rule{ID: "SV050", Name: "x", Title: "x", Doc: "d", Severity: analyzer.Info,
		Category: analyzer.CatObfuscation, Evidence: analyzer.EvIntegrity, Inputs: analyzer.InMarkdown,
		Extract: func(p *analyzer.Pass) ([]*skill.File, error) {
			i := strings.Index(string(p.File.Content), "evil")
			e := skill.NewEmbedded(p.File, skill.KindText, i, i+4, "text block", ".txt")
			if strings.Contains(string(p.File.Content), "BAD") {
				e.Embed.Illustration = `its comment "# BAD"`
			}
			return []*skill.File{e}, nil
		}}
	word := &analyzer.Rule{ID: "SV900", Name: "w", Title: "w", Doc: "d", Severity: analyzer.Critical,
		Category: analyzer.CatOverride, Inputs: analyzer.InText,
		Run: func(p *analyzer.Pass) error { p.Reportf(0, "evil code"); return nil }}
	for _, c := range []struct {
		body string
		sev  analyzer.Severity
	}{{"# BAD\nevil\n", analyzer.Medium}, {"run this\nevil\n", analyzer.Critical}} {
		r := scan(t, []*analyzer.Rule{extract, word}, analyzer.Options{}, map[string]string{"SKILL.md": manifest + c.body})
		if len(r.Findings) != 1 || r.Findings[0].Severity != c.sev {
			t.Errorf("%q: %+v, want one finding at %s", c.body, r.Findings, c.sev)
			continue
		}
		if c.sev == analyzer.Medium && !strings.Contains(r.Findings[0].Message, "illustration") {
			t.Errorf("message does not say why: %q", r.Findings[0].Message)
		}
	}
}
