package markdown

import (
	"os"
	"path/filepath"
	"testing"
)

func FuzzParse(f *testing.F) {
	f.Add([]byte(doc), 16)
	f.Add([]byte("> > > x\n\n```!\nls\n```\n!read a\n<!-- c -->"), 0)
	f.Add([]byte("[a](<b c>)\n* ![x](y)\n    code\n"), 0)
	seeds, _ := filepath.Glob("../../testdata/rules/*/*/*.md")
	for _, s := range seeds {
		if b, err := os.ReadFile(s); err == nil {
			f.Add(b, 0)
		}
	}
	f.Add([]byte("| a | ❌ b |\n|:-|--:|\n| x | `y \\| z` |\n"), 15)
	f.Fuzz(func(t *testing.T, b []byte, start int) {
		if start < 0 || start > len(b) {
			start = 0
		}
		TableColumnHeader(b, start) // must not panic on any offset
		d, err := Parse(b, start)
		if err != nil {
			if _, ok := err.(*LimitError); !ok {
				t.Fatalf("unexpected error type %T: %v", err, err)
			}
			return
		}
		for _, tk := range d.Tokens {
			if tk.Start < start || tk.Start > tk.End && tk.End != 0 || tk.End > len(b) || tk.TextStart < 0 || tk.TextStart > len(b) {
				t.Fatalf("token %v out of bounds [%d,%d) text@%d in %d bytes", tk.Kind, tk.Start, tk.End, tk.TextStart, len(b))
			}
		}
	})
}
