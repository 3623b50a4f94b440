package fix

import (
	"strings"
	"testing"
)

func TestPlanAndApply(t *testing.T) {
	src := "---\nname: Old_Name  \ndescription: Use when: the user asks\nlicense: MIT\n---\n# Body with trailing space  \n"
	edits := Plan([]byte(src), "pdf-tools")
	var whys []string
	for _, e := range edits {
		whys = append(whys, e.Why)
	}
	if len(edits) != 2 || edits[0].New != "name: pdf-tools" || edits[1].New != "description: 'Use when: the user asks'" {
		t.Fatalf("edits = %+v", edits)
	}
	out, err := Apply([]byte(src), edits)
	if err != nil {
		t.Fatal(err)
	}
	want := "---\nname: pdf-tools\ndescription: 'Use when: the user asks'\nlicense: MIT\n---\n# Body with trailing space  \n"
	if string(out) != want {
		t.Errorf("got %q", out)
	}
	if again := Plan(out, "pdf-tools"); len(again) != 0 {
		t.Errorf("not idempotent: %+v", again)
	}
	d := Diff("s/SKILL.md", []byte(src), edits)
	if !strings.Contains(d, "-name: Old_Name  \n+name: pdf-tools\n") || !strings.HasPrefix(d, "--- a/s/SKILL.md\n+++ b/s/SKILL.md\n@@ -1,3 +1,3 @@") {
		t.Errorf("diff:\n%s", d)
	}
}

func TestNoFixForInvalidDirOrBrokenYAML(t *testing.T) {
	src := "---\nname: x\ndescription: d\n---\n"
	if e := Plan([]byte(src), "Bad_Dir"); len(e) != 0 {
		t.Errorf("renamed to an invalid directory name: %+v", e)
	}
	broken := "---\nname: x\ndescription: [unclosed\n---\n"
	if e := Plan([]byte(broken), "y"); len(e) != 0 {
		t.Errorf("edited unparsable YAML: %+v", e)
	}
	if _, err := Apply([]byte(src), []Edit{{Line: 2, Old: "name: other", New: "name: y"}}); err == nil {
		t.Error("stale edit applied")
	}
}

func TestCRLFPreserved(t *testing.T) {
	src := "---\r\nname: a \r\ndescription: d\r\n---\r\nbody\r\n"
	out, err := Apply([]byte(src), Plan([]byte(src), "a"))
	if err != nil || string(out) != "---\r\nname: a\r\ndescription: d\r\n---\r\nbody\r\n" {
		t.Errorf("%q %v", out, err)
	}
}
