package analyzer

import (
	"testing"

	"github.com/skillvet/skillvet/skill"
)

func FuzzDirectives(f *testing.F) {
	f.Add("<!-- skillvet:ignore SV101 -- reason -->\nx\n")
	f.Add("// skillvet:ignore SV101,SV102 -- r\nfunction f() {\n}\n")
	f.Add("# skillvet:ignore-file SV150 -- r\n")
	f.Add("def f():  # skillvet:ignore\n  pass\n")
	f.Add("x # skillvet:ignore ACME-1 -- \n")
	f.Fuzz(func(t *testing.T, src string) {
		for _, name := range []string{"a.md", "a.js", "a.py", "a.sh"} {
			fl := skill.NewFile(name, []byte(src))
			n := fl.LineCount()
			for _, d := range parseDirectives(fl) {
				if d.from < 1 || d.to > n || d.from > d.to || d.line < 1 || d.line > n {
					t.Fatalf("%s: directive at %d covers [%d,%d] in %d lines", name, d.line, d.from, d.to, n)
				}
				if d.bad == "" && (d.reason == "" || len(d.ids) == 0) {
					t.Fatalf("accepted a directive without reason or IDs: %+v", d)
				}
			}
		}
	})
}

func FuzzSanitize(f *testing.F) {
	f.Add("a\x1b[31m\u202e\U000E0041\xff")
	f.Fuzz(func(t *testing.T, s string) {
		out := Sanitize(s)
		for _, r := range out {
			if needsEscape(r) {
				t.Fatalf("Sanitize(%q) left %U", s, r)
			}
		}
	})
}
