package skill

import "testing"

// yaml.v3 gives parser errors 0-based lines and scanner errors 1-based
// ones; Manifest.Err.Line must be the SKILL.md line either way.
func TestYAMLErrorLine(t *testing.T) {
	for _, c := range []struct {
		src  string
		line int
	}{
		{"---\nname: x\ndescription: [beta] Fill forms\n---\n", 3},  // parser: did not find expected key
		{"---\nname: x\nlist: [a, b\nlicense: MIT\n---\n", 3},       // parser: expected ',' or ']' (at the '[')
		{"---\nname: x\ndescription: y\n  license: MIT\n---\n", 4},  // scanner: mapping values
		{"---\nname: x\ndescription: y\nbad: - a\n  - b\n---\n", 0}, // whatever yaml says, never before the block
	} {
		m := ParseManifest([]byte(c.src))
		if m.Err == nil {
			t.Errorf("%q: no error", c.src)
			continue
		}
		if c.line == 0 {
			if m.Err.Line < 2 {
				t.Errorf("%q: error line %d before the YAML", c.src, m.Err.Line)
			}
			continue
		}
		if m.Err.Line != c.line {
			t.Errorf("%q: error %v at line %d, want %d", c.src, m.Err.Msg, m.Err.Line, c.line)
		}
	}
}
