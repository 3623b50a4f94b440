package report

import (
	"encoding/xml"
	"fmt"
	"io"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
)

func init() { Register("junit", WriteJUnit) }

type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Skipped  int          `xml:"skipped,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name       string          `xml:"name,attr"`
	ID         int             `xml:"id,attr"`
	Package    string          `xml:"package,attr"`
	Tests      int             `xml:"tests,attr"`
	Failures   int             `xml:"failures,attr"`
	Errors     int             `xml:"errors,attr"`
	Skipped    int             `xml:"skipped,attr"`
	Properties []junitProperty `xml:"properties>property"`
	Cases      []junitCase     `xml:"testcase"`
}

type junitProperty struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	File      string        `xml:"file,attr,omitempty"`
	Line      int           `xml:"line,attr,omitempty"`
	Failure   *junitOutcome `xml:"failure"`
	Error     *junitOutcome `xml:"error"`
	Skipped   *junitOutcome `xml:"skipped"`
	SystemOut string        `xml:"system-out,omitempty"`
}

type junitOutcome struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr,omitempty"`
	Body    string `xml:",chardata"`
}

// WriteJUnit writes JUnit XML for CI dashboards: one testsuite per skill,
// one testcase per rule and file with findings. A testcase fails when one
// of its unsuppressed findings is at or above the fail-on threshold or
// marks content that was not analysed; it is skipped when all its findings
// are below the threshold or suppressed. Internal analysis errors are an
// "analysis" testcase with an error; a skill with nothing to report has one
// passing "scan" testcase. All text is sanitised (control characters
// become visible escapes) and XML-escaped.
func WriteJUnit(w io.Writer, r *Report) error {
	name := r.Tool.Name
	if name == "" {
		name = "skillvet"
	}
	out := junitSuites{Name: name}
	for i, res := range r.Results {
		s := junitSkill(r, res, i)
		out.Suites = append(out.Suites, s)
		out.Tests += s.Tests
		out.Failures += s.Failures
		out.Errors += s.Errors
		out.Skipped += s.Skipped
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(out); err != nil {
		return err
	}
	if err := enc.Close(); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// fails reports whether an unsuppressed finding fails its testcase.
func fails(f analyzer.Finding, failOn analyzer.Severity) bool {
	return f.Suppression == nil && (f.Unanalysed || failOn != analyzer.SevNone && f.Severity >= failOn)
}

func junitSkill(r *Report, res *analyzer.Result, id int) junitSuite {
	class := analyzer.Sanitize(res.Dir)
	s := junitSuite{Name: analyzer.Sanitize(res.Skill.Name), ID: id, Package: class,
		Properties: []junitProperty{
			{"path", class},
			{"verdict", string(r.Verdict(res))},
			{"hash", res.Skill.Hash},
			{"failOn", r.FailOn.String()},
		}}

	// Group by rule and file, in the findings' (file, line) order.
	type group struct {
		rule, path string
		fs         []analyzer.Finding
	}
	var groups []*group
	index := map[[2]string]*group{}
	for _, f := range res.Findings {
		k := [2]string{f.Rule, f.Path}
		g := index[k]
		if g == nil {
			g = &group{rule: f.Rule, path: f.Path}
			index[k] = g
			groups = append(groups, g)
		}
		g.fs = append(g.fs, f)
	}
	for _, g := range groups {
		s.Cases = append(s.Cases, junitGroup(r, class, g.rule, g.fs))
	}
	if len(res.Errors) > 0 {
		var body []string
		for _, e := range res.Errors {
			body = append(body, SanitizeLines(e))
		}
		s.Cases = append(s.Cases, junitCase{Name: "analysis", Classname: class,
			Error: &junitOutcome{Message: FirstLine(res.Errors[0]), Type: "analysis-error",
				Body: strings.Join(body, "\n\n")}})
	}
	if len(s.Cases) == 0 {
		s.Cases = append(s.Cases, junitCase{Name: "scan", Classname: class})
	}
	for _, c := range s.Cases {
		s.Tests++
		switch {
		case c.Failure != nil:
			s.Failures++
		case c.Error != nil:
			s.Errors++
		case c.Skipped != nil:
			s.Skipped++
		}
	}
	return s
}

func junitGroup(r *Report, class, rule string, fs []analyzer.Finding) junitCase {
	title := rule
	if meta := r.Rule(rule); meta != nil && meta.Name != "" {
		title += " " + meta.Name
	}
	first := fs[0]
	c := junitCase{Name: analyzer.Sanitize(title + ": " + first.Path), Classname: class,
		File: analyzer.Sanitize(first.File), Line: max(first.Start.Line, 0)}

	var failing, open, lines []string
	worst := analyzer.SevNone
	var worstMsg string
	for _, f := range fs {
		line := fmt.Sprintf("%s:%d:%d: %s %s %s", analyzer.Sanitize(f.File), f.Start.Line, f.Start.Column,
			f.Severity, f.Rule, analyzer.Sanitize(f.Message))
		if f.Suppression != nil {
			line += fmt.Sprintf(" [suppressed (%s): %s]", analyzer.Sanitize(f.Suppression.Kind),
				analyzer.Sanitize(f.Suppression.Justification))
		}
		if f.Evidence != "" {
			line += "\n    " + analyzer.Sanitize(f.Evidence)
		}
		lines = append(lines, line)
		if f.Suppression != nil {
			continue
		}
		open = append(open, f.Severity.String())
		if fails(f, r.FailOn) {
			failing = append(failing, f.Severity.String())
			if f.Severity > worst || worstMsg == "" {
				worst, worstMsg = f.Severity, analyzer.Sanitize(f.Message)
			}
		}
	}
	body := strings.Join(lines, "\n")
	switch {
	case len(failing) > 0:
		msg := worstMsg
		if len(failing) > 1 {
			msg += fmt.Sprintf(" (and %d more)", len(failing)-1)
		}
		c.Failure = &junitOutcome{Message: msg, Type: worst.String(), Body: body}
	case len(open) > 0:
		c.Skipped = &junitOutcome{Message: fmt.Sprintf("%d finding(s) below fail-on %s: %s",
			len(open), r.FailOn, strings.Join(open, ", "))}
		c.SystemOut = body
	default:
		c.Skipped = &junitOutcome{Message: fmt.Sprintf("%d suppressed finding(s)", len(fs))}
		c.SystemOut = body
	}
	return c
}
