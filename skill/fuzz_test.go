package skill

import (
	"os"
	"path/filepath"
	"testing"
)

func FuzzParseManifest(f *testing.F) {
	f.Add([]byte("---\nname: demo\ndescription: d\n---\nbody\n"))
	f.Add([]byte("\ufeff---\r\nname: x\r\nmetadata: {a: [1, {b: c}]}\r\n---\r\n"))
	f.Add([]byte("---\nname: x\ndescription: Use when: things\n---\n"))
	f.Add([]byte("---\na: &a [x]\nb: [*a, *a]\n---\n"))
	f.Add([]byte("---\n"))
	seeds, _ := filepath.Glob("../testdata/rules/*/*/SKILL.md")
	for _, s := range seeds {
		if b, err := os.ReadFile(s); err == nil {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		m := ParseManifest(b)
		if m.BodyStart < 0 || m.BodyStart > len(b) {
			t.Fatalf("BodyStart %d outside [0,%d]", m.BodyStart, len(b))
		}
		file := NewFile(ManifestName, b)
		n := file.LineCount()
		if m.Err != nil && (m.Err.Line < 1 || m.Err.Line > n+1) {
			t.Fatalf("error line %d outside the file (%d lines): %v", m.Err.Line, n, m.Err)
		}
		for _, k := range m.Keys {
			if k.Line < 1 || k.Line > n {
				t.Fatalf("key %q at line %d outside the file (%d lines)", k.Name, k.Line, n)
			}
		}
	})
}

func FuzzClassify(f *testing.F) {
	f.Add("a.md", []byte("# x"))
	f.Add("x.pyc", []byte("\xa7\r\r\n\x00\x00"))
	f.Add("run", []byte("#!/usr/bin/env -S node --x\n"))
	f.Add("a.exe", []byte("MZ\x00\x00"))
	f.Fuzz(func(t *testing.T, name string, b []byte) {
		fl := NewFile(name, b)
		_ = fl.Pos(len(fl.Content) / 2)
		if fl.Kind.IsText() && fl.Note == "" && len(fl.Content) != len(b) {
			t.Fatalf("text content changed without a note")
		}
	})
}
