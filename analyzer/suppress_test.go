package analyzer_test

import (
	"strings"
	"testing"

	"github.com/skillvet/skillvet/analyzer"
)

func TestInlineSuppressions(t *testing.T) {
	rules := append([]*analyzer.Rule{wordRule("SV900", "evil", analyzer.High)}, analyzer.BuiltinRules()...)
	files := map[string]string{
		"SKILL.md": manifest +
			"<!-- skillvet:ignore SV900 -- quoted in a lesson -->\n" + // 5: covers 6
			"evil one\n" + // 6 suppressed
			"evil two <!-- skillvet:ignore SV900 -- same line -->\n" + // 7 suppressed
			"<!-- skillvet:ignore SV900 -->\n" + // 8 no reason -> SV010
			"evil three\n" + // 9 not suppressed
			"<!-- skillvet:ignore SV900 -- covers the fence -->\n" + // 10
			"```\nevil four\nevil five\n```\n" + // 11-14 suppressed
			"<!-- skillvet:ignore SV123 -- nothing here -->\n" + // 15 unused -> SV011
			"plain\n",
		"doc.md": "<!-- skillvet:ignore-file SV900 -- a whole lesson -->\nevil\n\nevil\n",
	}
	r := scan(t, rules, analyzer.Options{HonorSuppressions: true}, files)
	var got []string
	for _, f := range r.Findings {
		s := f.Path + ":" + itoa(f.Start.Line) + ":" + f.Rule
		if f.Suppression != nil {
			s += "(suppressed: " + f.Suppression.Justification + ")"
		}
		got = append(got, s)
	}
	want := []string{
		"SKILL.md:6:SV900(suppressed: quoted in a lesson)",
		"SKILL.md:7:SV900(suppressed: same line)",
		"SKILL.md:8:SV010",
		"SKILL.md:9:SV900",
		"SKILL.md:12:SV900(suppressed: covers the fence)",
		"SKILL.md:13:SV900(suppressed: covers the fence)",
		"SKILL.md:15:SV011",
		"doc.md:2:SV900(suppressed: a whole lesson)",
		"doc.md:4:SV900(suppressed: a whole lesson)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	// Third-party mode (the gate, audits): directives are ignored entirely.
	r = scan(t, rules, analyzer.Options{}, files)
	for _, f := range r.Findings {
		if f.Suppression != nil || f.Rule == "SV010" || f.Rule == "SV011" {
			t.Errorf("directive honoured without HonorSuppressions: %+v", f)
		}
	}
}

func TestUnanalysedNeverSuppressed(t *testing.T) {
	r := scan(t, analyzer.BuiltinRules(), analyzer.Options{HonorSuppressions: true}, map[string]string{
		"SKILL.md": manifest + "<!-- skillvet:ignore-file SV002 -- trust me -->\n",
	})
	// SV001/SV002 findings come from the engine; a directive naming them is
	// reported unused because it can never apply.
	found := false
	for _, f := range r.Findings {
		found = found || f.Rule == "SV011"
	}
	if !found {
		t.Errorf("directive for SV002 not reported as unused: %+v", r.Findings)
	}
}

func TestSeverityOverride(t *testing.T) {
	r := scan(t, []*analyzer.Rule{wordRule("SV900", "evil", analyzer.High)},
		analyzer.Options{Severity: map[string]analyzer.Severity{"SV900": analyzer.Low}}, map[string]string{"SKILL.md": manifest + "evil\n"})
	if r.Findings[0].Severity != analyzer.Low || r.Verdict(analyzer.High) != analyzer.VerdictWarn {
		t.Errorf("override not applied: %+v", r.Findings[0])
	}
}
