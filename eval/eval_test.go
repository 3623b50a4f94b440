package eval

import (
	"strings"
	"testing"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/skill"
)

func res(dir string, sev analyzer.Severity) *analyzer.Result {
	r := &analyzer.Result{Skill: skill.New(dir, nil), Dir: dir}
	if sev != analyzer.SevNone {
		r.Findings = []analyzer.Finding{{Rule: "SV900", Severity: sev, File: dir + "/SKILL.md", Start: skill.Position{Line: 3}, Message: "m"}}
	}
	return r
}

func TestEvaluate(t *testing.T) {
	labels := &Labels{Skills: []Label{
		{Path: "malicious/a", Label: "malicious", Families: []string{"SC2", "P4"}},
		{Path: "malicious/b", Label: "malicious", Families: []string{"SC2"}},
		{Path: "benign/c", Label: "benign"},
		{Path: "benign/d", Label: "benign"},
	}}
	results := []*analyzer.Result{
		res("corpus/malicious/a", analyzer.Critical),
		res("corpus/malicious/b", analyzer.Medium), // missed at the high gate
		res("corpus/benign/c", analyzer.Medium),    // unexpected, not blocked
		res("corpus/benign/d", analyzer.SevNone),
		res("corpus/extra/e", analyzer.SevNone),
	}
	r := Evaluate("corpus", labels, results, analyzer.High)
	if r.Overall.Blocked != 1 || r.Overall.Total != 2 || r.Overall.Missed[0] != "malicious/b" {
		t.Errorf("overall = %+v", r.Overall)
	}
	got := map[string]string{}
	for _, f := range r.Families {
		got[f.Family] = strings.TrimSpace(strings.Repeat(" ", 0)) + string(rune('0'+f.Blocked)) + "/" + string(rune('0'+f.Total))
	}
	if got["SC2"] != "1/2" || got["P4"] != "1/1" || got["E1"] != "0/0" {
		t.Errorf("families = %v", got)
	}
	if len(r.BenignBlocked) != 0 || r.BenignTotal != 2 || len(r.Unexpected) != 1 || r.Unlabelled[0] != "extra/e" {
		t.Errorf("benign = %+v unexpected %v unlabelled %v", r.BenignBlocked, r.Unexpected, r.Unlabelled)
	}
	var b strings.Builder
	r.Write(&b)
	for _, want := range []string{"SC2     Remote script execution", "1/2", "50.0%", "malicious/b", "not expected): 1"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, b.String())
		}
	}
}
