package provenance_test

import (
	"strings"
	"testing"

	"github.com/skillvet/skillvet/provenance"
)

func TestPolicyFor(t *testing.T) {
	p := &provenance.Policy{Rules: []provenance.Rule{
		{Name: "nv-*", Source: "bundled", Mode: provenance.ModeRequire, Anchor: "nvidia"},
		{Source: "/opt/vendor", Mode: provenance.ModeRequire},
		{Name: "nv-*", Mode: provenance.ModePrefer},
		{Source: "workspace", Mode: provenance.ModePrefer},
	}}
	cases := []struct {
		name, source, dir string
		mode              provenance.Mode
		anchor            string
	}{
		{"nv-cuda", "bundled", "/b/nv-cuda", provenance.ModeRequire, "nvidia"},
		{"nv-cuda", "user", "/home/u/.claude/skills/nv-cuda", provenance.ModePrefer, ""},
		{"nv-cuda", "", "/opt/vendor/nv-cuda", provenance.ModeRequire, ""}, // the first rule needs a source kind
		{"tool", "", "/opt/vendor/skills/tool", provenance.ModeRequire, ""},
		{"tool", "", "/opt/vendorx/tool", provenance.ModeOff, ""},
		{"tool", "workspace", "/ws/skills/tool", provenance.ModePrefer, ""},
		{"tool", "user", "/home/u/.claude/skills/tool", provenance.ModeOff, ""},
	}
	for _, c := range cases {
		r := p.For(provenance.Candidate{Name: c.name, Source: c.source, Dirs: []string{c.dir}})
		if r.Mode != c.mode || r.Anchor != c.anchor {
			t.Errorf("%s from %s at %s: %s, want %s %s", c.name, c.source, c.dir, r, c.mode, c.anchor)
		}
	}
	if (*provenance.Policy)(nil).For(provenance.Candidate{Name: "x"}).Mode != provenance.ModeOff {
		t.Error("no policy: off")
	}
	if !p.Requires() || (&provenance.Policy{Rules: []provenance.Rule{{Mode: provenance.ModePrefer}}}).Requires() {
		t.Error("Requires")
	}
}

func TestRuleValidate(t *testing.T) {
	for _, c := range []struct {
		r    provenance.Rule
		want string
	}{
		{provenance.Rule{Mode: provenance.ModeRequire}, ""},
		{provenance.Rule{Mode: "required"}, "want require, prefer or off"},
		{provenance.Rule{Mode: provenance.ModeOff, Name: "[x"}, "bad glob"},
		{provenance.Rule{Mode: provenance.ModeOff, Source: "home"}, "neither a source kind"},
		{provenance.Rule{Mode: provenance.ModeOff, Source: "/abs/dir"}, ""},
	} {
		err := c.r.Validate()
		if (err == nil) != (c.want == "") || err != nil && !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.r, err, c.want)
		}
	}
}

func TestCheck(t *testing.T) {
	verified := &provenance.Result{Status: provenance.StatusVerified, Anchor: "nvidia", Signer: "CN=Signing"}
	failed := &provenance.Result{Status: provenance.StatusFailed, Problems: []provenance.Problem{
		{Kind: provenance.ProblemChanged, Path: "SKILL.md", Detail: "differs"}, {Kind: provenance.ProblemMissing, Path: "x", Detail: "gone"}}}
	unsigned := &provenance.Result{Status: provenance.StatusUnsigned}
	cases := []struct {
		c              provenance.Check
		refuses, warns bool
		summary, why   string
	}{
		{provenance.Check{Mode: provenance.ModeRequire, Result: verified}, false, false, "verified: nvidia (CN=Signing)", ""},
		{provenance.Check{Mode: provenance.ModeRequire, Result: failed}, true, false, "failed: changed SKILL.md: differs (+1 more)",
			"provenance policy requires a verified signature: changed SKILL.md: differs (+1 more)"},
		{provenance.Check{Mode: provenance.ModeRequire, Anchor: "nvidia", Result: unsigned}, true, false, "unsigned",
			"provenance policy requires a verified signature by nvidia: no signature (skill.oms.sig)"},
		{provenance.Check{Mode: provenance.ModePrefer, Result: unsigned}, false, true, "unsigned",
			"provenance policy prefers a verified signature: no signature (skill.oms.sig)"},
		{provenance.Check{Mode: provenance.ModeOff, Result: failed}, false, false, "failed: changed SKILL.md: differs (+1 more)", ""},
		{provenance.Check{Mode: provenance.ModeOff}, false, false, "unsigned", ""},
	}
	for i, c := range cases {
		if c.c.Refuses() != c.refuses || c.c.Warns() != c.warns || c.c.Summary() != c.summary || c.c.Why() != c.why {
			t.Errorf("%d: refuses %v warns %v summary %q why %q", i, c.c.Refuses(), c.c.Warns(), c.c.Summary(), c.c.Why())
		}
	}
}

func TestWildcard(t *testing.T) {
	for _, c := range []struct {
		p, s string
		ok   bool
	}{{"a", "a", true}, {"a", "ab", false}, {"*", "", true}, {"a*", "abc", true}, {"*c", "abc", true},
		{"a*c", "abbc", true}, {"a*c", "abcd", false}, {"https://*/x", "https://h/a/x", true}, {"a*b*c", "acb", false}} {
		if provenance.Wildcard(c.p, c.s) != c.ok {
			t.Errorf("Wildcard(%q, %q) != %v", c.p, c.s, c.ok)
		}
	}
}
