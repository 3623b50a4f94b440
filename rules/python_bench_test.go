package rules

import (
	"context"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/internal/pygen"
)

// pythonRules are the rules that read Python files.
func pythonRules() []*analyzer.Rule {
	var out []*analyzer.Rule
	for _, r := range All() {
		if r.Run != nil && r.Inputs&analyzer.InPython != 0 {
			out = append(out, r)
		}
	}
	return out
}

// BenchmarkPythonRules runs every Python rule over one generated script,
// parse included (the parse is shared by the rules through the file memo).
func BenchmarkPythonRules(b *testing.B) {
	rules := pythonRules()
	eng, err := analyzer.New(rules, analyzer.Options{Jobs: 1})
	if err != nil {
		b.Fatal(err)
	}
	for _, n := range []struct {
		name string
		size int
	}{{"64KB", 64 << 10}, {"5MB", 5 << 20}} {
		src := pygen.Generate(n.size)
		fsys := fstest.MapFS{
			"SKILL.md":        {Data: []byte("---\nname: bench\ndescription: Benchmark skill.\n---\n# Bench\n")},
			"scripts/main.py": {Data: src},
		}
		b.Run(n.name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				r := eng.Scan(context.Background(), analyzer.MemSource("bench", fsys))
				if len(r.Errors) > 0 {
					b.Fatal(r.Errors)
				}
				for _, f := range r.Findings {
					if f.Severity >= analyzer.High {
						b.Fatalf("benign generated code reported: %s %s: %s", f.Rule, f.Severity, f.Message)
					}
				}
			}
		})
	}
}

// TestPythonRulesGenerated keeps the benchmark input honest: generated
// benign code yields nothing at or above high.
func TestPythonRulesGenerated(t *testing.T) {
	eng, err := analyzer.New(pythonRules(), analyzer.Options{Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{
		"SKILL.md":        {Data: []byte("---\nname: gen\ndescription: Generated.\n---\n# Gen\n")},
		"scripts/main.py": {Data: pygen.Generate(128 << 10)},
	}
	r := eng.Scan(context.Background(), analyzer.MemSource("gen", fsys))
	var bad []string
	for _, f := range r.Findings {
		if f.Severity >= analyzer.Medium {
			bad = append(bad, f.Rule+" "+f.Severity.String()+": "+f.Message)
		}
	}
	if len(bad) > 0 || len(r.Errors) > 0 {
		t.Errorf("findings on benign generated code: %s %v", strings.Join(bad, "; "), r.Errors)
	}
}
