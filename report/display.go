package report

import (
	"sort"

	"github.com/skillvet/skillvet/analyzer"
)

// Display limits what the human-oriented formats (text, markdown) list.
// Machine formats (JSON, SARIF, JUnit) always carry every finding, and no
// display setting changes a verdict or the exit code.
type Display struct {
	// MinSeverity hides unsuppressed findings below it (SevNone: none hidden).
	MinSeverity analyzer.Severity
	// MaxPerRule lists at most this many findings of one rule across the
	// report, in report order, and counts the rest (0: no cap). Findings
	// that block a skill (at or above fail-on, or content not analysed) are
	// never capped.
	MaxPerRule int
	// Quiet drops the closing summary: only findings are written.
	Quiet bool
}

// Listing is what a human-oriented format lists after Display.
type Listing struct {
	// Findings holds, per result (same order as Report.Results), the
	// findings to list, in the result's order: unsuppressed ones that
	// passed the filters and, with ShowSuppressed, suppressed ones.
	Findings [][]analyzer.Finding
	// Below counts unsuppressed findings hidden by MinSeverity.
	Below int
	// Capped counts unsuppressed findings hidden by MaxPerRule, by rule.
	Capped map[string]int
}

// Hidden is the number of unsuppressed findings not listed.
func (l Listing) Hidden() int {
	n := l.Below
	for _, c := range l.Capped {
		n += c
	}
	return n
}

// List applies r.Display to the report's findings.
func (r *Report) List() Listing {
	l := Listing{Findings: make([][]analyzer.Finding, len(r.Results)), Capped: map[string]int{}}
	listed := map[string]int{}
	for i, res := range r.Results {
		var shown []analyzer.Finding
		for _, f := range res.Findings {
			switch {
			case f.Suppression != nil:
				if r.ShowSuppressed {
					shown = append(shown, f)
				}
			case f.Severity < r.Display.MinSeverity && !f.Unanalysed:
				l.Below++
			case r.Display.MaxPerRule > 0 && !f.Blocks(r.Policy()) && listed[f.Rule] >= r.Display.MaxPerRule:
				l.Capped[f.Rule]++
			default:
				listed[f.Rule]++
				shown = append(shown, f)
			}
		}
		l.Findings[i] = shown
	}
	return l
}

// RuleCount is one line of a by-rule tally.
type RuleCount struct {
	Rule     string
	Title    string
	Severity analyzer.Severity // the highest severity among the findings
	N        int               // unsuppressed findings
	Hidden   int               // of which not listed (severity filter or cap)
}

// ByRule tallies unsuppressed findings by rule, most severe rule first,
// then by count, then by ID.
func (r *Report) ByRule(l Listing) []RuleCount {
	idx := map[string]int{}
	var out []RuleCount
	for i, res := range r.Results {
		listed := map[string]int{}
		for _, f := range l.Findings[i] {
			if f.Suppression == nil {
				listed[f.Rule]++
			}
		}
		for _, f := range res.Findings {
			if f.Suppression != nil {
				continue
			}
			j, ok := idx[f.Rule]
			if !ok {
				j = len(out)
				idx[f.Rule] = j
				rc := RuleCount{Rule: f.Rule}
				if meta := r.Rule(f.Rule); meta != nil {
					rc.Title = meta.Title
				}
				out = append(out, rc)
			}
			out[j].N++
			out[j].Severity = max(out[j].Severity, f.Severity)
		}
		for _, f := range res.Findings {
			if f.Suppression != nil {
				continue
			}
			j := idx[f.Rule]
			if listed[f.Rule] > 0 {
				listed[f.Rule]--
			} else {
				out[j].Hidden++
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Severity != b.Severity {
			return a.Severity > b.Severity
		}
		if a.N != b.N {
			return a.N > b.N
		}
		return a.Rule < b.Rule
	})
	return out
}
