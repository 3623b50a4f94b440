package rules

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/analyzer/analyzertest"
)

const fixtures = "../testdata/rules"

func TestRuleMetadata(t *testing.T) {
	seen := map[string]bool{}
	names := map[string]bool{}
	for _, r := range All() {
		if err := r.Validate(); err != nil && r.Run != nil {
			t.Error(err)
		}
		if seen[r.ID] || names[r.Name] {
			t.Errorf("duplicate rule ID or name: %s %s", r.ID, r.Name)
		}
		seen[r.ID], names[r.Name] = true, true
		if len(r.Tags) == 0 {
			t.Errorf("%s: no tags", r.ID)
		}
		if r.Run != nil && r.Category == analyzer.CatLint != (strings.HasPrefix(r.ID, "SV9")) {
			t.Errorf("%s: lint rules, and only they, use SV9xx", r.ID)
		}
	}
}

// TestFixtures runs every rule on its fixtures in testdata/rules/<ID>/:
// each rule needs at least one tp-* case (true positives) and one fp-*
// case (benign look-alikes); expectations sit in the files.
func TestFixtures(t *testing.T) {
	for _, r := range All() {
		if r.Run == nil && r.Extract == nil {
			continue
		}
		t.Run(r.ID, func(t *testing.T) {
			dir := filepath.Join(fixtures, r.ID)
			ents, err := os.ReadDir(dir)
			if err != nil {
				t.Fatalf("rule %s has no fixtures: %v", r.ID, err)
			}
			var tp, fp bool
			for _, e := range ents {
				tp = tp || e.IsDir() && strings.HasPrefix(e.Name(), "tp")
				fp = fp || e.IsDir() && strings.HasPrefix(e.Name(), "fp")
			}
			if !tp || !fp {
				t.Errorf("rule %s needs tp-* and fp-* fixture cases in %s", r.ID, dir)
			}
			set := []*analyzer.Rule{r}
			if r.Extract != nil || r.Inputs&analyzer.InEvidence != 0 {
				// An extractor reports nothing itself, and a correlator
				// needs the capabilities and findings of the others: their
				// fixtures state what every rule finds.
				set = All()
			}
			results := analyzertest.Run(t, dir, set...)
			for _, res := range results {
				base := filepath.Base(res.Dir)
				if strings.HasPrefix(base, "tp") && len(res.Findings) == 0 {
					t.Errorf("%s: true-positive case reports nothing", base)
				}
			}
		})
	}
}
