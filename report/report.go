// Package report writes scan results. Every format reads the same Report,
// built from []*analyzer.Result and the rule metadata; formats register
// themselves by name so the CLI, the audit command and tests share one list.
package report

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"

	"github.com/skillvet/skillvet/analyzer"
)

// Tool identifies the scanner in reports.
type Tool struct {
	Name           string `json:"name"`
	Version        string `json:"version"`
	InformationURI string `json:"informationUri,omitempty"`
}

// Report is the input of every writer.
type Report struct {
	Tool    Tool
	Results []*analyzer.Result // sorted by directory
	Rules   []*analyzer.Rule   // the rules that ran, sorted by ID
	FailOn  analyzer.Severity  // the verdict threshold
	// FailOnLint makes lint findings at or above FailOn block (off: lint
	// never blocks a security verdict).
	FailOnLint bool
	// ShowSuppressed makes human-oriented formats list suppressed findings.
	ShowSuppressed bool
	// Color enables ANSI colour in the text format.
	Color bool
	// SourceRoot is the directory SARIF's %SRCROOT% stands for: artifact
	// URIs are made relative to it. Empty means the working directory.
	// Relative skill directories are taken as relative to it already.
	SourceRoot string
}

// Policy is the verdict policy the report was made with.
func (r *Report) Policy() analyzer.Policy {
	return analyzer.Policy{FailOn: r.FailOn, FailOnLint: r.FailOnLint}
}

// Verdict is res's verdict under the report's policy.
func (r *Report) Verdict(res *analyzer.Result) analyzer.Verdict { return res.Decide(r.Policy()) }

// Summary counts a report's outcome.
type Summary struct {
	Skills     int            `json:"skills"`
	Blocked    int            `json:"blocked"`
	Warned     int            `json:"warned"`
	Passed     int            `json:"passed"`
	Findings   int            `json:"findings"`
	Suppressed int            `json:"suppressed"`
	BySeverity map[string]int `json:"bySeverity"`
	Errors     int            `json:"errors"`
}

// Summarize counts verdicts and unsuppressed findings by severity.
func (r *Report) Summarize() Summary {
	s := Summary{Skills: len(r.Results), BySeverity: map[string]int{}}
	for _, sev := range []analyzer.Severity{analyzer.Critical, analyzer.High, analyzer.Medium, analyzer.Low, analyzer.Info} {
		s.BySeverity[sev.String()] = 0
	}
	for _, res := range r.Results {
		switch r.Verdict(res) {
		case analyzer.VerdictBlock:
			s.Blocked++
		case analyzer.VerdictWarn:
			s.Warned++
		default:
			s.Passed++
		}
		s.Errors += len(res.Errors)
		for _, f := range res.Findings {
			if f.Suppression != nil {
				s.Suppressed++
				continue
			}
			s.Findings++
			s.BySeverity[f.Severity.String()]++
		}
	}
	return s
}

// SanitizeLines applies analyzer.Sanitize to each line of s and keeps the
// line breaks: for multi-line attacker-influenced text such as an internal
// error with a stack trace.
func SanitizeLines(s string) string {
	lines := strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
	for i, l := range lines {
		lines[i] = analyzer.Sanitize(l)
	}
	return strings.Join(lines, "\n")
}

// FirstLine returns the first line of s, sanitised, with " …" when more
// lines follow: an internal error in one line.
func FirstLine(s string) string {
	first, rest, more := strings.Cut(strings.TrimSpace(s), "\n")
	first = analyzer.Sanitize(strings.TrimRight(first, "\r"))
	if more && strings.TrimSpace(rest) != "" {
		first += " …"
	}
	return first
}

// Rule returns the metadata of the rule with the given ID, or nil.
func (r *Report) Rule(id string) *analyzer.Rule {
	i := sort.Search(len(r.Rules), func(i int) bool { return r.Rules[i].ID >= id })
	if i < len(r.Rules) && r.Rules[i].ID == id {
		return r.Rules[i]
	}
	return nil
}

// Writer writes a report in one format.
type Writer func(w io.Writer, r *Report) error

var (
	mu      sync.Mutex
	formats = map[string]Writer{}
)

// Register makes a format available by name.
func Register(name string, w Writer) {
	mu.Lock()
	defer mu.Unlock()
	formats[name] = w
}

// Lookup returns the writer for a format name.
func Lookup(name string) (Writer, error) {
	mu.Lock()
	defer mu.Unlock()
	if w, ok := formats[name]; ok {
		return w, nil
	}
	return nil, fmt.Errorf("unknown format %q (want one of %v)", name, formatNames())
}

// Formats lists the registered format names, sorted.
func Formats() []string {
	mu.Lock()
	defer mu.Unlock()
	return formatNames()
}

func formatNames() []string {
	out := make([]string, 0, len(formats))
	for n := range formats {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
