package rules

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/skillvet/skillvet/analyzer"
)

// FuzzPythonRules checks that no Python rule errors or panics on any input
// (an error would block every skill with such a file as not analysed).
func FuzzPythonRules(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join(fixtures, "SV*", "*", "scripts", "*.py"))
	for _, p := range files {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	eng, err := analyzer.New(pythonRules(), analyzer.Options{Jobs: 1})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		fsys := fstest.MapFS{
			"SKILL.md":      {Data: []byte("---\nname: f\ndescription: Fuzz.\n---\n")},
			"scripts/x.py":  {Data: src},
			"scripts/y.pyw": {Data: src},
		}
		r := eng.Scan(context.Background(), analyzer.MemSource("f", fsys))
		if len(r.Errors) > 0 {
			t.Fatal(strings.Join(r.Errors, "\n"))
		}
	})
}
