package audit

import (
	"fmt"
	"io"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/report"
)

// mdEscape makes attacker-controlled text inert in a Markdown table cell.
func mdEscape(s string) string {
	s = analyzer.Sanitize(s)
	r := strings.NewReplacer("|", `\|`, "`", "'", "<", "&lt;", ">", "&gt;", "[", `\[`, "]", `\]`, "*", `\*`, "_", `\_`, "\n", " ")
	return r.Replace(s)
}

// WriteMarkdown writes the audit summary as Markdown.
func WriteMarkdown(w io.Writer, r *report.Report, s Summary) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# skillvet audit\n\n%s %s, fail-on **%s**.\n\n", r.Tool.Name, r.Tool.Version, r.FailOn)
	fmt.Fprintf(&b, "| skills | blocked | warned | passed | findings | suppressed | errors |\n|---:|---:|---:|---:|---:|---:|---:|\n")
	fmt.Fprintf(&b, "| %d | %d | %d | %d | %d | %d | %d |\n\n", s.Skills, s.Blocked, s.Warned, s.Passed, s.Findings, s.Suppressed, s.Errors)
	b.WriteString("## Findings by category and severity\n\n| category |")
	for _, sev := range Severities {
		fmt.Fprintf(&b, " %s |", sev)
	}
	b.WriteString(" total |\n|---|")
	for range Severities {
		b.WriteString("---:|")
	}
	b.WriteString("---:|\n")
	for _, c := range s.ByCategory {
		fmt.Fprintf(&b, "| %s %s |", c.Key, c.Title)
		for _, sev := range Severities {
			fmt.Fprintf(&b, " %d |", s.Matrix[c.Key][sev.String()])
		}
		fmt.Fprintf(&b, " %d |\n", c.N)
	}
	b.WriteString("\n## Findings by rule\n\n| rule | title | findings |\n|---|---|---:|\n")
	for _, c := range s.ByRule {
		fmt.Fprintf(&b, "| %s | %s | %d |\n", c.Key, mdEscape(c.Title), c.N)
	}
	b.WriteString("\n## Top offenders\n\n| skill | path | verdict | max severity | findings |\n|---|---|---|---|---:|\n")
	for _, o := range s.TopOffenders {
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %d |\n", mdEscape(o.Name), mdEscape(o.Path), o.Verdict, o.Max, o.Findings)
	}
	_, err := io.WriteString(w, b.String())
	return err
}
