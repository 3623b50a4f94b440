package js

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/dop251/goja/ast"
)

// FuzzParse checks that no input makes the pipeline or the shared
// analyses panic or map a position outside the original file.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("../../testdata/rules/SV*/*/scripts/*")
	for _, p := range files {
		if b, err := os.ReadFile(p); err == nil && len(b) < 1<<16 {
			f.Add(filepath.Ext(p), b)
		}
	}
	f.Add(".js", []byte("`${`${`${x}`}`}`"))
	f.Add(".ts", []byte("let a = <T,>(x: T) => x;"))
	f.Fuzz(func(t *testing.T, ext string, src []byte) {
		if len(ext) > 5 {
			ext = ext[:5]
		}
		p, err := ParseLimits("f"+ext, src, Limits{MaxSize: 1 << 16, MaxDepth: 200})
		if err != nil {
			return
		}
		in := p.Info()
		Walk(p.AST, func(n ast.Node, _ []ast.Node) bool {
			if a, b, ok := p.Range(n); ok && (a < 0 || b > len(src) || a > b) {
				t.Fatalf("range %d-%d outside [0,%d]", a, b, len(src))
			}
			if e, ok := n.(ast.Expression); ok {
				in.Str(e)
				in.Resolve(e)
			}
			return true
		})
		for _, c := range in.Calls() {
			for _, a := range c.ArgumentList {
				in.Reach(a, func(ast.Expression) bool { return true })
			}
		}
	})
}
