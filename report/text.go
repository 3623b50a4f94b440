package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
)

func init() { Register("text", WriteText) }

const (
	ansiReset = "\x1b[0m"
	ansiBold  = "\x1b[1m"
	ansiDim   = "\x1b[2m"
	ansiRed   = "\x1b[31m"
	ansiYel   = "\x1b[33m"
	ansiCyan  = "\x1b[36m"
	ansiMag   = "\x1b[35m"
)

// WriteText writes a terminal report grouped by skill: one block per skill
// that did not pass cleanly, with its verdict and analysis errors, then
// file:line:col, severity, rule, evidence kind and message, the source
// excerpt and, for a chain, its steps; then,
// unless r.Display.Quiet, a tally by rule and a summary line. r.Display
// filters and caps what is listed (never what blocks). Skill names, paths,
// messages and justifications are sanitised, so attacker text cannot carry
// terminal escapes. Colour only when r.Color.
func WriteText(w io.Writer, r *Report) error {
	c := func(code, s string) string {
		if !r.Color {
			return s
		}
		return code + s + ansiReset
	}
	sevText := func(s analyzer.Severity, text string) string {
		switch s {
		case analyzer.Critical:
			return c(ansiBold+ansiRed, text)
		case analyzer.High:
			return c(ansiRed, text)
		case analyzer.Medium:
			return c(ansiYel, text)
		}
		return c(ansiCyan, text)
	}
	ew := &errWriter{w: w}
	l := r.List()
	for i, res := range r.Results {
		v := r.Verdict(res)
		shown := l.Findings[i]
		// A skill is listed when something about it is listed: a warned
		// skill whose findings were all filtered out is only counted.
		if len(shown) == 0 && (v == analyzer.VerdictPass || v == analyzer.VerdictWarn && len(res.Errors) == 0) {
			continue
		}
		vc := ansiYel
		if v == analyzer.VerdictBlock {
			vc = ansiRed
		}
		// Names and paths come from the skill: sanitise them like messages.
		ew.printf("%s %s %s\n", c(ansiBold, analyzer.Sanitize(res.Skill.Name)), c(ansiDim, "("+analyzer.Sanitize(res.Dir)+")"),
			c(ansiBold+vc, strings.ToUpper(string(v))))
		for _, e := range res.Errors {
			ew.printf("  %s %s\n", c(ansiBold+ansiRed, "analysis error:"), FirstLine(e))
		}
		for _, f := range shown {
			supp := ""
			if f.Suppression != nil {
				supp = " [suppressed (" + analyzer.Sanitize(f.Suppression.Kind) + ")"
				if f.Suppression.Justification != "" {
					supp += ": " + analyzer.Sanitize(f.Suppression.Justification)
				}
				supp = c(ansiDim, supp+"]")
			}
			kind := ""
			if f.Kind != analyzer.EvidenceDefault {
				kind = " " + c(ansiDim, "("+f.Kind.String()+")")
			}
			ew.printf("  %s:%d:%d: %s %s%s %s%s\n", analyzer.Sanitize(f.File), f.Start.Line, f.Start.Column,
				sevText(f.Severity, f.Severity.String()), c(ansiMag, f.Rule), kind, analyzer.Sanitize(f.Message), supp)
			if f.Evidence != "" {
				ew.printf("      %s\n", c(ansiDim, "| "+analyzer.Sanitize(f.Evidence)))
			}
			for i, st := range f.Steps {
				ew.printf("      %s %s:%d:%d: %s\n", c(ansiDim, fmt.Sprintf("step %d", i+1)), analyzer.Sanitize(st.File),
					st.Start.Line, st.Start.Column, analyzer.Sanitize(st.Message))
			}
		}
		ew.printf("\n")
	}
	if r.Display.Quiet {
		return ew.err
	}
	if tally := r.ByRule(l); len(tally) > 0 {
		ew.printf("Findings by rule (count, highest severity, rule, title):\n")
		for _, rc := range tally {
			hidden := ""
			if rc.Hidden > 0 {
				hidden = c(ansiDim, fmt.Sprintf(" (%d not listed)", rc.Hidden))
			}
			ew.printf("  %6d  %s  %s  %s%s\n", rc.N, sevText(rc.Severity, fmt.Sprintf("%-8s", rc.Severity)),
				c(ansiMag, fmt.Sprintf("%-9s", rc.Rule)), analyzer.Sanitize(rc.Title), hidden)
		}
		ew.printf("\n")
	}
	if n := l.Hidden(); n > 0 {
		var why []string
		if l.Below > 0 {
			why = append(why, fmt.Sprintf("%d below --severity %s", l.Below, r.Display.MinSeverity))
		}
		if capped := n - l.Below; capped > 0 {
			why = append(why, fmt.Sprintf("%d over --max-per-rule %d", capped, r.Display.MaxPerRule))
		}
		ew.printf("%d finding(s) not listed: %s (--severity info --max-per-rule 0 lists all; JSON and SARIF always have all).\n",
			n, strings.Join(why, ", "))
	}
	ew.printf("%s\n", summaryText(r, c, true))
	return ew.err
}

// SummaryLine is the one-line outcome of a report, for standard error when
// the report itself goes to a file or is not text.
func SummaryLine(r *Report) string {
	return summaryText(r, func(_, s string) string { return s }, false)
}

func summaryText(r *Report, c func(code, s string) string, hints bool) string {
	s := r.Summarize()
	line := fmt.Sprintf("%d skill(s): %d blocked, %d warned, %d passed; %d finding(s) (critical %d, high %d, medium %d, low %d, info %d)",
		s.Skills, s.Blocked, s.Warned, s.Passed, s.Findings, s.BySeverity["critical"], s.BySeverity["high"],
		s.BySeverity["medium"], s.BySeverity["low"], s.BySeverity["info"])
	if s.Suppressed > 0 {
		line += fmt.Sprintf(", %d suppressed", s.Suppressed)
		if hints && !r.ShowSuppressed {
			line += " (--show-suppressed lists them)"
		}
	}
	if s.Errors > 0 {
		line += "; " + c(ansiBold+ansiRed, fmt.Sprintf("%d internal analysis error(s): the report is incomplete", s.Errors))
	}
	return line + "; fail-on " + r.FailOn.String()
}

type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) printf(format string, args ...any) {
	if e.err == nil {
		_, e.err = fmt.Fprintf(e.w, format, args...)
	}
}
