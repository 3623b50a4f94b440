package skill

import (
	"strings"
	"testing"
)

func TestParseManifestLines(t *testing.T) {
	src := "---\nname: demo\ndescription: Does things\nmetadata:\n  openclaw:\n    emoji: x\ncustom: 1\n---\n# Body\n"
	m := ParseManifest([]byte(src))
	if !m.Present || !m.Closed || m.Err != nil {
		t.Fatalf("manifest: %+v err=%v", m, m.Err)
	}
	if m.Name != "demo" || m.Description != "Does things" {
		t.Errorf("name/description = %q/%q", m.Name, m.Description)
	}
	want := map[string]int{"name": 2, "description": 3, "metadata": 4, "custom": 7}
	for k, line := range want {
		if got := m.Get(k); got == nil || got.Line != line {
			t.Errorf("key %s at line %v, want %d", k, got, line)
		}
	}
	if n := m.Lookup("metadata", "openclaw", "emoji"); n == nil || n.Line != 6 || n.Value != "x" {
		t.Errorf("nested lookup = %+v", n)
	}
	if m.EndLine != 8 || m.BodyLine != 9 || src[m.BodyStart:] != "# Body\n" {
		t.Errorf("end=%d body=%d start=%q", m.EndLine, m.BodyLine, src[m.BodyStart:])
	}
}

func TestParseManifestCRLFAndBOM(t *testing.T) {
	src := "\ufeff---\r\nname: demo\r\ndescription: d\r\n---\r\nbody\r\n"
	m := ParseManifest([]byte(src))
	if m.Err != nil || m.Name != "demo" || m.Get("description").Line != 3 || m.BodyLine != 5 {
		t.Fatalf("got %+v err=%v", m, m.Err)
	}
	if src[m.BodyStart:] != "body\r\n" {
		t.Errorf("body = %q", src[m.BodyStart:])
	}
}

func TestParseManifestErrors(t *testing.T) {
	cases := []struct {
		name, src string
		line      int
		msg       string
	}{
		{"unclosed", "---\nname: x\n", 1, "no closing"},
		{"bad yaml", "---\nname: x\ndescription: [unclosed\nother: 1\n---\n", 0, ""},
		{"not a map", "---\n- a\n- b\n---\n", 2, "not a mapping"},
		{"deep", "---\nk: " + strings.Repeat("[", 200) + strings.Repeat("]", 200) + "\n---\n", 2, "nests"},
		{"alias bomb", "---\na: &a [x,x,x,x,x,x,x,x,x]\n" + aliasBomb() + "---\n", 0, "alias"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := ParseManifest([]byte(c.src))
			if m.Err == nil {
				t.Fatalf("no error for %q", c.src)
			}
			if c.line != 0 && m.Err.Line != c.line {
				t.Errorf("error line %d, want %d (%v)", m.Err.Line, c.line, m.Err)
			}
			if c.msg != "" && !strings.Contains(m.Err.Msg, c.msg) {
				t.Errorf("error %q lacks %q", m.Err.Msg, c.msg)
			}
			if m.Err.Line < 1 {
				t.Errorf("error without a line: %v", m.Err)
			}
		})
	}
}

func aliasBomb() string {
	var b strings.Builder
	prev := "a"
	for i := 0; i < 9; i++ {
		name := string(rune('b' + i))
		b.WriteString(name + ": &" + name + " [")
		for j := 0; j < 9; j++ {
			if j > 0 {
				b.WriteString(",")
			}
			b.WriteString("*" + prev)
		}
		b.WriteString("]\n")
		prev = name
	}
	return b.String()
}

func TestRepairSloppyYAML(t *testing.T) {
	src := "---\nname: demo\ndescription: Use when: the user asks for a summary\n---\n"
	m := ParseManifest([]byte(src))
	if m.Err != nil {
		t.Fatalf("repair failed: %v", m.Err)
	}
	if len(m.Repairs) != 1 || m.Repairs[0].Line != 3 || m.Repairs[0].Key != "description" {
		t.Errorf("repairs = %+v", m.Repairs)
	}
	if m.Description != "Use when: the user asks for a summary" {
		t.Errorf("description = %q", m.Description)
	}
}

func TestNoFrontmatter(t *testing.T) {
	m := ParseManifest([]byte("# Just markdown\n"))
	if m.Present || m.Err != nil || m.BodyStart != 0 || m.BodyLine != 1 {
		t.Errorf("got %+v", m)
	}
}
