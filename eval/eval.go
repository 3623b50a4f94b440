// Package eval measures the scanner against a labelled corpus: recall at
// the gate per pattern family (malicious skills blocked), the false-positive
// rate (benign skills blocked), and findings on benign skills that nobody
// expected. Tests assert floors on these numbers so that a rule change that
// regresses fails CI.
package eval

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/skillvet/skillvet/analyzer"
)

// Labels is corpus/labels.yaml.
type Labels struct {
	Skills []Label `yaml:"skills"`
}

// Label states what one corpus skill is.
type Label struct {
	Path     string   `yaml:"path"`
	Label    string   `yaml:"label"` // malicious or benign
	Families []string `yaml:"families"`
	Carriers []string `yaml:"carriers"`
	Note     string   `yaml:"note"`
}

// LoadLabels reads labels.yaml from a corpus directory.
func LoadLabels(corpus string) (*Labels, error) {
	b, err := os.ReadFile(filepath.Join(corpus, "labels.yaml"))
	if err != nil {
		return nil, err
	}
	var l Labels
	dec := yaml.NewDecoder(strings.NewReader(string(b)))
	dec.KnownFields(true)
	if err := dec.Decode(&l); err != nil {
		return nil, fmt.Errorf("labels.yaml: %v", err)
	}
	for _, s := range l.Skills {
		if s.Label != "malicious" && s.Label != "benign" {
			return nil, fmt.Errorf("labels.yaml: %s: label %q (want malicious or benign)", s.Path, s.Label)
		}
	}
	return &l, nil
}

// Row is one line of the evaluation table.
type Row struct {
	Family  string
	Blocked int
	Total   int
	Missed  []string // malicious skills not blocked
}

// Recall is Blocked/Total (1 when Total is 0).
func (r Row) Recall() float64 {
	if r.Total == 0 {
		return 1
	}
	return float64(r.Blocked) / float64(r.Total)
}

// Result is a whole evaluation.
type Result struct {
	Families      []Row // per family, taxonomy order
	Overall       Row   // malicious skills
	BenignBlocked []string
	BenignTotal   int
	// Unexpected are findings at or above medium on benign skills.
	Unexpected []string
	// Unlabelled are scanned skills without a label.
	Unlabelled []string
}

// Evaluate compares scan results with labels. results' Dir must be the
// corpus directory joined with the label path.
func Evaluate(corpus string, labels *Labels, results []*analyzer.Result, failOn analyzer.Severity) *Result {
	byPath := map[string]*analyzer.Result{}
	for _, r := range results {
		rel, err := filepath.Rel(corpus, r.Dir)
		if err != nil {
			rel = r.Dir
		}
		byPath[filepath.ToSlash(rel)] = r
	}
	fam := map[string]*Row{}
	for _, c := range analyzer.Categories() {
		if c != analyzer.CatLint {
			fam[string(c)] = &Row{Family: string(c)}
		}
	}
	out := &Result{Overall: Row{Family: "all"}}
	labelled := map[string]bool{}
	for _, l := range labels.Skills {
		labelled[l.Path] = true
		r := byPath[l.Path]
		blocked := r != nil && r.Verdict(failOn) == analyzer.VerdictBlock
		if l.Label == "benign" {
			out.BenignTotal++
			if blocked {
				out.BenignBlocked = append(out.BenignBlocked, l.Path)
			}
			if r != nil {
				for _, f := range r.Findings {
					if f.Suppression == nil && f.Severity >= analyzer.Medium {
						out.Unexpected = append(out.Unexpected, fmt.Sprintf("%s:%d %s %s %s", f.File, f.Start.Line, f.Rule, f.Severity, f.Message))
					}
				}
			}
			continue
		}
		count := func(row *Row) {
			row.Total++
			if blocked {
				row.Blocked++
			} else {
				row.Missed = append(row.Missed, l.Path)
			}
		}
		count(&out.Overall)
		for _, f := range l.Families {
			row := fam[f]
			if row == nil {
				row = &Row{Family: f}
				fam[f] = row
			}
			count(row)
		}
	}
	for p := range byPath {
		if !labelled[p] {
			out.Unlabelled = append(out.Unlabelled, p)
		}
	}
	sort.Strings(out.Unlabelled)
	order := map[string]int{}
	for i, c := range analyzer.Categories() {
		order[string(c)] = i
	}
	for _, r := range fam {
		out.Families = append(out.Families, *r)
	}
	sort.Slice(out.Families, func(i, j int) bool {
		a, b := out.Families[i].Family, out.Families[j].Family
		if order[a] != order[b] {
			return order[a] < order[b]
		}
		return a < b
	})
	return out
}

// FPRate is benign blocked / benign total.
func (r *Result) FPRate() float64 {
	if r.BenignTotal == 0 {
		return 0
	}
	return float64(len(r.BenignBlocked)) / float64(r.BenignTotal)
}

// Write prints the evaluation table.
func (r *Result) Write(w io.Writer) error {
	var b strings.Builder
	b.WriteString("family  title                         blocked/total  recall\n")
	for _, f := range r.Families {
		fmt.Fprintf(&b, "%-6s  %-28s  %6d/%-6d  %5.1f%%\n", f.Family, analyzer.Category(f.Family).Title(), f.Blocked, f.Total, 100*f.Recall())
	}
	fmt.Fprintf(&b, "%-6s  %-28s  %6d/%-6d  %5.1f%%\n", "all", "malicious skills (recall)", r.Overall.Blocked, r.Overall.Total, 100*r.Overall.Recall())
	fmt.Fprintf(&b, "%-6s  %-28s  %6d/%-6d  %5.1f%%\n", "benign", "benign blocked (FP rate)", len(r.BenignBlocked), r.BenignTotal, 100*r.FPRate())
	if len(r.Overall.Missed) > 0 {
		fmt.Fprintf(&b, "\nmalicious skills not blocked:\n")
		for _, m := range r.Overall.Missed {
			fmt.Fprintf(&b, "  %s\n", m)
		}
	}
	if len(r.BenignBlocked) > 0 {
		fmt.Fprintf(&b, "\nbenign skills blocked:\n")
		for _, m := range r.BenignBlocked {
			fmt.Fprintf(&b, "  %s\n", m)
		}
	}
	fmt.Fprintf(&b, "\nfindings at medium or above on benign skills (not expected): %d\n", len(r.Unexpected))
	for _, u := range r.Unexpected {
		fmt.Fprintf(&b, "  %s\n", analyzer.Sanitize(u))
	}
	if len(r.Unlabelled) > 0 {
		fmt.Fprintf(&b, "\nskills without a label: %s\n", strings.Join(r.Unlabelled, ", "))
	}
	_, err := io.WriteString(w, b.String())
	return err
}
