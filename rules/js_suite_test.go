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

// jsRuleIDs are the rules that read JavaScript through Pass.JS.
func jsRules() []*analyzer.Rule {
	var out []*analyzer.Rule
	for _, r := range All() {
		if r.Run != nil && r.Inputs&analyzer.InJS != 0 && r.Inputs == analyzer.InJS {
			out = append(out, r)
		}
	}
	return out
}

// TestJSBenignSuite runs every JS rule together over every benign (fp-*)
// fixture of every JS rule: benign look-alikes may carry low findings but
// nothing at or above high, whichever JS rule looks at them.
func TestJSBenignSuite(t *testing.T) {
	rules := jsRules()
	if len(rules) < 2 {
		t.Fatalf("only %d JS rules registered", len(rules))
	}
	eng, err := analyzer.New(rules, analyzer.Options{Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, r := range rules {
		dirs, _ := filepath.Glob(filepath.Join(fixtures, r.ID, "fp-*"))
		for _, d := range dirs {
			if fi, err := os.Stat(d); err != nil || !fi.IsDir() {
				continue
			}
			root, err := skill.OpenDir(d)
			if err != nil {
				t.Fatal(err)
			}
			res := eng.Scan(context.Background(), analyzer.MemSource(d, root))
			root.Close()
			n++
			for _, f := range res.Findings {
				if f.Severity >= analyzer.High {
					t.Errorf("%s: %s:%d: %s %s: %s", d, f.Path, f.Start.Line, f.Rule, f.Severity, f.Message)
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no benign JS fixtures found")
	}
}

// TestJSEvasionSuite checks that every tp-evasion* fixture of the JS rules
// yields at least one high or critical finding per file.
func TestJSEvasionSuite(t *testing.T) {
	rules := jsRules()
	eng, err := analyzer.New(rules, analyzer.Options{Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rules {
		dirs, _ := filepath.Glob(filepath.Join(fixtures, r.ID, "tp-evasion*"))
		for _, d := range dirs {
			if fi, err := os.Stat(d); err != nil || !fi.IsDir() {
				continue
			}
			root, err := skill.OpenDir(d)
			if err != nil {
				t.Fatal(err)
			}
			res := eng.Scan(context.Background(), analyzer.MemSource(d, root))
			root.Close()
			worst := map[string]analyzer.Severity{}
			for _, f := range res.Findings {
				worst[f.Path] = max(worst[f.Path], f.Severity)
			}
			for _, f := range res.Skill.Files {
				if f.Kind != skill.KindJS || strings.HasSuffix(f.Path, ".md") {
					continue
				}
				if worst[f.Path] < analyzer.High {
					t.Errorf("%s/%s: evasion not detected at high or above (worst %s)", d, f.Path, worst[f.Path])
				}
			}
		}
	}
}
