package rules

import (
	"fmt"

	"github.com/skillvet/skillvet/analyzer"
)

// runPhraseRule reports every phrase hit in the Markdown file outside HTML
// comments (SV308 judges those), graded by hitSeverity.
func runPhraseRule(p *analyzer.Pass, phrases []phrase) error {
	d, err := prose(p)
	if err != nil {
		return err
	}
	for _, h := range d.findPhrases(phrases) {
		if h.ctx == ctxComment {
			continue
		}
		sev, why := hitSeverity(&h, d.Teaching)
		msg := fmt.Sprintf("%s: %q", h.ph.label, clipText(h.seg.N.Text[h.i:h.j], 80))
		if why != "" {
			msg += " (" + why + ")"
		}
		p.Report(analyzer.Diagnostic{Start: h.start, End: h.end, Severity: sev, Message: msg})
	}
	return nil
}
