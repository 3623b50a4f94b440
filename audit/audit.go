// Package audit summarises scans of many skills (a registry dump, many
// repositories) and writes the summary as Markdown and as a standalone HTML
// page a person would rather look at than read.
package audit

import (
	"sort"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/report"
)

// Count is a named tally.
type Count struct {
	Key   string `json:"key"`
	Title string `json:"title,omitempty"`
	N     int    `json:"n"`
}

// Offender is a skill with many or severe findings.
type Offender struct {
	Name     string `json:"name"`
	Path     string `json:"path"`
	Verdict  string `json:"verdict"`
	Max      string `json:"max"`
	Findings int    `json:"findings"`
}

// Summary is the audit's overview.
type Summary struct {
	report.Summary
	ByRule     []Count `json:"byRule"`
	ByCategory []Count `json:"byCategory"`
	// Matrix counts findings by category (rows) and severity (columns).
	Matrix       map[string]map[string]int `json:"matrix"`
	TopOffenders []Offender                `json:"topOffenders"`
}

// Severities in display order.
var Severities = []analyzer.Severity{analyzer.Critical, analyzer.High, analyzer.Medium, analyzer.Low, analyzer.Info}

// Summarize computes the audit summary of a report (unsuppressed findings).
func Summarize(r *report.Report, top int) Summary {
	s := Summary{Summary: r.Summarize(), Matrix: map[string]map[string]int{}}
	byRule, byCat := map[string]int{}, map[string]int{}
	var offenders []Offender
	for _, res := range r.Results {
		n := 0
		for _, f := range res.Findings {
			if f.Suppression != nil {
				continue
			}
			n++
			byRule[f.Rule]++
			c := string(f.Category)
			byCat[c]++
			if s.Matrix[c] == nil {
				s.Matrix[c] = map[string]int{}
			}
			s.Matrix[c][f.Severity.String()]++
		}
		if n > 0 {
			offenders = append(offenders, Offender{Name: res.Skill.Name, Path: res.Dir,
				Verdict: string(r.Verdict(res)), Max: res.Max().String(), Findings: n})
		}
	}
	for k, n := range byRule {
		title := ""
		if rule := r.Rule(k); rule != nil {
			title = rule.Title
		}
		s.ByRule = append(s.ByRule, Count{Key: k, Title: title, N: n})
	}
	for k, n := range byCat {
		s.ByCategory = append(s.ByCategory, Count{Key: k, Title: analyzer.Category(k).Title(), N: n})
	}
	sortCounts(s.ByRule)
	sortCounts(s.ByCategory)
	rank := func(o Offender) int {
		sev, _ := analyzer.ParseSeverity(o.Max)
		return int(sev)
	}
	sort.Slice(offenders, func(i, j int) bool {
		a, b := offenders[i], offenders[j]
		if rank(a) != rank(b) {
			return rank(a) > rank(b)
		}
		if a.Findings != b.Findings {
			return a.Findings > b.Findings
		}
		return a.Path < b.Path
	})
	if len(offenders) > top {
		offenders = offenders[:top]
	}
	s.TopOffenders = offenders
	return s
}

func sortCounts(cs []Count) {
	sort.Slice(cs, func(i, j int) bool {
		if cs[i].N != cs[j].N {
			return cs[i].N > cs[j].N
		}
		return cs[i].Key < cs[j].Key
	})
}
