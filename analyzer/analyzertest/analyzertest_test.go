package analyzertest

import (
	"regexp"
	"strings"
	"testing"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/skill"
)

func TestExpectationsAndCheck(t *testing.T) {
	s := skill.New("x", map[string][]byte{
		"SKILL.md":  []byte("---\nname: x # want \"SV1\"\n---\nline <!-- want \"SV2: a.c\" \"SV3\" -->\n<!-- want+1 \"SV4\" -->\nhere\n"),
		"a.js":      []byte("x() // want-1 \"SV5\"\n"),
		"b.bin":     []byte("\x00want \"SV9\""),
		"c.py":      []byte("y = 1  # no expectation\n"),
		"notes.txt": []byte("want \"ignored\" without a comment marker\n"),
	})
	exps, err := Expectations(s, "")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range exps {
		got = append(got, e.Path+":"+string(rune('0'+e.Line))+":"+e.Rx.String())
	}
	want := "SKILL.md:2:SV1 SKILL.md:4:SV2: a.c SKILL.md:4:SV3 SKILL.md:6:SV4 a.js:0:SV5"
	if strings.Join(got, " ") != want {
		t.Fatalf("expectations = %v\nwant %s", got, want)
	}
	pos := func(l int) skill.Position { return skill.Position{Line: l, Column: 1} }
	findings := []analyzer.Finding{
		{Rule: "SV1", Path: "SKILL.md", Start: pos(2), Message: "m"},
		{Rule: "SV2", Path: "SKILL.md", Start: pos(4), Message: "abc"},
		{Rule: "SV7", Path: "SKILL.md", Start: pos(4), Message: "surprise"},
		{Rule: "SV4", Path: "SKILL.md", Start: pos(5), Message: "wrong line"},
	}
	errs := Check(findings, exps)
	joined := strings.Join(errs, "\n")
	for _, w := range []string{"unexpected finding SV7", "unexpected finding SV4", `no finding matched "SV3"`, `no finding matched "SV4"`, `no finding matched "SV5"`} {
		if !strings.Contains(joined, w) {
			t.Errorf("Check output lacks %q:\n%s", w, joined)
		}
	}
	if len(errs) != 5 {
		t.Errorf("got %d mismatches, want 5:\n%s", len(errs), joined)
	}
}

func TestCheckPinsSeverity(t *testing.T) {
	rx := func(s string) *Expectation {
		return &Expectation{Path: "a.py", Line: 1, Rx: regexp.MustCompile(s)}
	}
	f := []analyzer.Finding{{Rule: "SV1", Path: "a.py", Start: skill.Position{Line: 1, Column: 1}, Severity: analyzer.Low, Message: "runs x"}}
	if errs := Check(f, []*Expectation{rx("low SV1: runs")}); len(errs) != 0 {
		t.Errorf("a pattern with the right grade should match: %v", errs)
	}
	if errs := Check(f, []*Expectation{rx("SV1: runs")}); len(errs) != 0 {
		t.Errorf("a pattern without a grade should match: %v", errs)
	}
	if errs := Check(f, []*Expectation{rx("high SV1: runs")}); len(errs) != 2 {
		t.Errorf("a pattern with the wrong grade should fail (missing and unexpected): %v", errs)
	}
}
