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
// file:line:col, severity, rule and message, and the source excerpt; then
// a summary line. Skill names, paths, messages and justifications are
// sanitised, so attacker text cannot carry terminal escapes. Colour only
// when r.Color.
func WriteText(w io.Writer, r *Report) error {
	c := func(code, s string) string {
		if !r.Color {
			return s
		}
		return code + s + ansiReset
	}
	ew := &errWriter{w: w}
	for _, res := range r.Results {
		v := r.Verdict(res)
		var shown []analyzer.Finding
		for _, f := range res.Findings {
			if f.Suppression == nil || r.ShowSuppressed {
				shown = append(shown, f)
			}
		}
		if len(shown) == 0 && v == analyzer.VerdictPass {
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
			sev := f.Severity.String()
			switch f.Severity {
			case analyzer.Critical:
				sev = c(ansiBold+ansiRed, sev)
			case analyzer.High:
				sev = c(ansiRed, sev)
			case analyzer.Medium:
				sev = c(ansiYel, sev)
			default:
				sev = c(ansiCyan, sev)
			}
			supp := ""
			if f.Suppression != nil {
				supp = " [suppressed (" + analyzer.Sanitize(f.Suppression.Kind) + ")"
				if f.Suppression.Justification != "" {
					supp += ": " + analyzer.Sanitize(f.Suppression.Justification)
				}
				supp = c(ansiDim, supp+"]")
			}
			ew.printf("  %s:%d:%d: %s %s %s%s\n", analyzer.Sanitize(f.File), f.Start.Line, f.Start.Column, sev,
				c(ansiMag, f.Rule), analyzer.Sanitize(f.Message), supp)
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
	s := r.Summarize()
	ew.printf("%d skill(s): %d blocked, %d warned, %d passed; %d finding(s) (critical %d, high %d, medium %d, low %d, info %d)",
		s.Skills, s.Blocked, s.Warned, s.Passed, s.Findings, s.BySeverity["critical"], s.BySeverity["high"],
		s.BySeverity["medium"], s.BySeverity["low"], s.BySeverity["info"])
	if s.Suppressed > 0 {
		ew.printf(", %d suppressed", s.Suppressed)
		if !r.ShowSuppressed {
			ew.printf(" (--show-suppressed lists them)")
		}
	}
	if s.Errors > 0 {
		ew.printf("; %s", c(ansiBold+ansiRed, fmt.Sprintf("%d internal analysis error(s): the report is incomplete", s.Errors)))
	}
	ew.printf("; fail-on %s\n", r.FailOn)
	return ew.err
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
