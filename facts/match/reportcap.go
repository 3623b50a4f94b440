package match

import (
	"fmt"

	"github.com/skillvet/skillvet/analyzer"
)

// MaxFindingsPerFile caps what one rule reports in one file. A file built
// to trip a rule thousands of times (one long line of hidden characters,
// thousands of comments) would otherwise make reporting itself quadratic
// (positions are computed from the start of the line) and bury the
// output; past the cap one summary finding carries the count and the
// highest severity.
const MaxFindingsPerFile = 100

// CappedReporter reports a rule's findings in one file up to
// MaxFindingsPerFile, then counts the rest for one summary finding.
type CappedReporter struct {
	p       *analyzer.Pass
	n       int
	dropped int
	maxSev  analyzer.Severity
	first   analyzer.Diagnostic
}

// NewCappedReporter returns a reporter for p; call Flush when done.
func NewCappedReporter(p *analyzer.Pass) *CappedReporter { return &CappedReporter{p: p} }

// Report reports d unless the cap is reached.
func (r *CappedReporter) Report(d analyzer.Diagnostic) {
	if r.n < MaxFindingsPerFile {
		r.n++
		r.p.Report(d)
		return
	}
	if r.dropped == 0 {
		r.first = d
	}
	r.dropped++
	sev := d.Severity
	if sev == analyzer.SevNone {
		sev = r.p.Rule.Severity
	}
	if sev > r.maxSev {
		r.maxSev = sev
	}
}

// Flush reports the summary of what the cap held back.
func (r *CappedReporter) Flush() {
	if r.dropped == 0 {
		return
	}
	r.p.Report(analyzer.Diagnostic{Start: r.first.Start, Severity: r.maxSev,
		Message:  fmt.Sprintf("%d more findings of this rule in this file are not listed (first: %s)", r.dropped, Clip(r.first.Message, 120)),
		Evidence: r.first.Evidence})
}
