package rules

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/skill"
)

// TestPythonLookAlikes runs every Python rule (not only the rule under
// test) over the benign fp-* cases of the Python rules: a look-alike must
// not be blocked by any of them.
func TestPythonLookAlikes(t *testing.T) {
	eng, err := analyzer.New(pythonRules(), analyzer.Options{Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, r := range pythonRules() {
		dirs, _ := filepath.Glob(filepath.Join(fixtures, r.ID, "fp-*"))
		for _, d := range dirs {
			if _, err := os.Stat(filepath.Join(d, skill.ManifestName)); err != nil {
				continue
			}
			n++
			root, err := skill.OpenDir(d)
			if err != nil {
				t.Fatal(err)
			}
			res := eng.Scan(context.Background(), analyzer.MemSource(d, root))
			root.Close()
			for _, f := range res.Findings {
				if f.Severity >= analyzer.High {
					t.Errorf("%s/%s:%d: look-alike blocked: %s %s: %s", r.ID, filepath.Base(d), f.Start.Line, f.Rule, f.Severity, f.Message)
				}
			}
			if len(res.Errors) > 0 {
				t.Errorf("%s: %s", d, strings.Join(res.Errors, "; "))
			}
		}
	}
	if n < 10 {
		t.Errorf("only %d look-alike cases found", n)
	}
}

// TestPythonRuleDocs checks what the Python rules promise in their
// metadata: a Markdown doc with a bad and a good example, a CWE tag, and a
// category from the taxonomy.
func TestPythonRuleDocs(t *testing.T) {
	for _, r := range pythonRules() {
		if r.Inputs != analyzer.InPython {
			continue // rules for every text file document themselves elsewhere
		}
		if r.Evidence == analyzer.EvCapability {
			continue // an inventory judges nothing: no bad example, no weakness
		}
		if !strings.Contains(r.Doc, "Bad") || !strings.Contains(r.Doc, "Good") || !strings.Contains(r.Doc, "```python") {
			t.Errorf("%s: Doc needs a bad and a good Python example", r.ID)
		}
		cwe := false
		for _, tag := range r.Tags {
			cwe = cwe || strings.HasPrefix(tag, "CWE-")
		}
		if !cwe {
			t.Errorf("%s: no CWE tag", r.ID)
		}
		if r.Category.Title() == "" {
			t.Errorf("%s: unknown category", r.ID)
		}
	}
}
