package pyfacts

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/skillvet/skillvet/parse/python"
)

func TestPyEvidence(t *testing.T) {
	long := strings.Repeat("é", 400) + "TARGET" + strings.Repeat("x", 1000)
	src := "short line here\n" + long + "\n"
	if got := pyEvidence(src, 3); got != "short line here" {
		t.Errorf("short line: %q", got)
	}
	off := strings.Index(src, "TARGET")
	got := pyEvidence(src, off)
	if !strings.Contains(got, "TARGET") || len(got) > pyEvidenceMax || !utf8.ValidString(got) {
		t.Errorf("long line: %d bytes, valid %v, %q", len(got), utf8.ValidString(got), got)
	}
}

func TestRepeatLoops(t *testing.T) {
	src := "import requests\nfor i in range(1000):\n    requests.get('u')\n    x = 1\ny = 2\nfor j in range(10, 510):\nrequests.get('v')\nz = 3\nfor k in range(5): requests.get('w')\nfor q in range(n):\n    pass\n"
	m, err := python.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	got := RepeatLoops(m, 100)
	if len(got) != 2 {
		t.Fatalf("loops = %+v", got)
	}
	body := func(l RepeatLoop) (names []string) {
		for _, c := range m.CallsIn(l.Lo, l.Hi) {
			if c.Name != "range" {
				names = append(names, c.Name)
			}
		}
		return names
	}
	if l := got[0]; l.Var != "i" || l.Count != 1000 || len(body(l)) != 1 || strings.Contains(m.Src[m.Toks[l.Lo].Start:m.Toks[l.Hi-1].End], "y = 2") {
		t.Errorf("indented loop: %+v %v", l, body(l))
	}
	if l := got[1]; l.Var != "j" || l.Count != 500 || len(body(l)) != 1 || strings.Contains(m.Src[m.Toks[l.Lo].Start:m.Toks[l.Hi-1].End], "z = 3") {
		t.Errorf("unindented body: %+v %v", l, body(l))
	}
}
