package provenance_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/provenance"
)

func TestFindings(t *testing.T) {
	failed := &provenance.Result{Status: provenance.StatusFailed, Problems: []provenance.Problem{
		{Kind: provenance.ProblemChanged, Path: "scripts/run.sh", Detail: "differs"},
		{Kind: provenance.ProblemUnreadable, Path: ".", Detail: "too many files"}}}
	untrusted := &provenance.Result{Status: provenance.StatusFailed, Problems: []provenance.Problem{
		{Kind: provenance.ProblemUntrusted, Detail: "does not chain"}}}
	unchecked := &provenance.Result{Status: provenance.StatusUnchecked, Problems: []provenance.Problem{
		{Kind: provenance.ProblemNoAnchor, Detail: "no anchor"}}}
	unsigned := &provenance.Result{Status: provenance.StatusUnsigned}
	verified := &provenance.Result{Status: provenance.StatusVerified, Anchor: "a"}
	render := func(fs []analyzer.Finding) string {
		var out []string
		for _, f := range fs {
			out = append(out, fmt.Sprintf("%s %s %s %s: %s", f.Rule, f.Severity, f.Kind, f.Path, f.Message))
		}
		return strings.Join(out, "\n")
	}
	cases := []struct {
		c    *provenance.Check
		want string
	}{
		{nil, ""},
		{&provenance.Check{Mode: provenance.ModeRequire, Result: verified}, ""},
		{&provenance.Check{Mode: provenance.ModeOff, Result: unsigned}, ""},
		{&provenance.Check{Mode: provenance.ModeRequire, Anchor: "nv", Result: unsigned},
			"SV092 high integrity SKILL.md: not signed (no skill.oms.sig); provenance policy require (anchor nv)"},
		{&provenance.Check{Mode: provenance.ModePrefer, Result: unsigned},
			"SV092 medium indicator SKILL.md: not signed (no skill.oms.sig); provenance policy prefer"},
		{&provenance.Check{Mode: provenance.ModeRequire, Result: failed},
			"SV091 high integrity scripts/run.sh: changed: differs; provenance policy require\n" +
				"SV091 high integrity SKILL.md: unreadable: too many files; provenance policy require"},
		{&provenance.Check{Mode: provenance.ModeOff, Result: untrusted},
			"SV090 medium indicator skill.oms.sig: does not chain; provenance policy off"},
		{&provenance.Check{Mode: provenance.ModeOff, Result: unchecked},
			"SV090 info indicator skill.oms.sig: no anchor; provenance policy off"},
		{&provenance.Check{Mode: provenance.ModeRequire, Result: unchecked},
			"SV090 high integrity skill.oms.sig: no anchor; provenance policy require"},
	}
	for i, c := range cases {
		if got := render(provenance.Findings(c.c)); got != c.want {
			t.Errorf("%d:\n%s\nwant:\n%s", i, got, c.want)
		}
	}
	f := provenance.NotLockedFinding("not in skills.lock")
	if f.Rule != "SV093" || f.Kind != analyzer.EvIntegrity || !f.Blocks(analyzer.Policy{FailOn: analyzer.SevNone}) {
		t.Errorf("%+v", f)
	}
}

func TestRuleMetadata(t *testing.T) {
	id := regexp.MustCompile(`^SV09\d$`)
	for _, r := range provenance.Rules() {
		if !id.MatchString(r.ID) || r.Name == "" || r.Title == "" || r.Doc == "" || r.Category.Title() == "" || r.Run != nil {
			t.Errorf("%s: incomplete metadata or a Run function", r.ID)
		}
	}
}
