// Package analyzertest runs rules over fixture skills whose files carry
// their expectations, like golang.org/x/tools/go/analysis/analysistest.
//
// A comment on a line states the findings expected on that line:
//
//	exec(cmd)            // want "SV101"
//	curl x | sh          # want "SV501: .*pipe"
//	Ignore all previous  <!-- want "SV301" "SV302" -->
//
// Each quoted string is a Go regular expression matched against
// "SEVERITY RULE: message" of one finding (patterns are unanchored, so
// "RULE: message" matches too; lead with the severity to pin the grade). "want+N" (or "want-N") puts the
// expectation N lines below (above) the comment, for lines that cannot carry
// a comment. Expectations for files that cannot hold comments (binaries)
// go in a sidecar "<case>.want" file beside the case directory, one per
// line: `path/in/skill:LINE "regexp"...`.
//
// The test fails for every expected finding that is missing and for every
// finding that was not expected.
package analyzertest

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/skill"
)

var wantRx = regexp.MustCompile(`(?://|#|<!--|/\*|--|;|')\s*want([+-]\d+)?((?:\s+"(?:[^"\\]|\\.)*")+)`)
var quotedRx = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)

// Expectation is one expected finding.
type Expectation struct {
	Path string
	Line int
	Rx   *regexp.Regexp
	Src  string // where the expectation was written
	used bool
}

// Expectations collects the want comments of every text file of s, plus
// the sidecar file (may be "").
func Expectations(s *skill.Skill, sidecar string) ([]*Expectation, error) {
	var out []*Expectation
	for _, f := range s.Files {
		if !f.Kind.IsText() {
			continue
		}
		for i, line := 1, f.LineCount(); i <= line; i++ {
			text := f.Line(i)
			if !strings.Contains(text, "want") {
				continue
			}
			for _, m := range wantRx.FindAllStringSubmatch(text, -1) {
				target := i
				if m[1] != "" {
					n, _ := strconv.Atoi(m[1])
					target += n
				}
				exps, err := parseQuoted(m[2], f.Path, target, fmt.Sprintf("%s:%d", f.Path, i))
				if err != nil {
					return nil, err
				}
				out = append(out, exps...)
			}
		}
	}
	if sidecar != "" {
		b, err := os.ReadFile(sidecar)
		if err != nil && !os.IsNotExist(err) {
			return nil, err
		}
		sc := bufio.NewScanner(strings.NewReader(string(b)))
		for n := 1; sc.Scan(); n++ {
			l := strings.TrimSpace(sc.Text())
			if l == "" || strings.HasPrefix(l, "#") {
				continue
			}
			loc, rest, _ := strings.Cut(l, " ")
			p, ln, ok := strings.Cut(loc, ":")
			line, err := strconv.Atoi(ln)
			if !ok || err != nil {
				return nil, fmt.Errorf("%s:%d: want PATH:LINE \"rx\"...", sidecar, n)
			}
			exps, err := parseQuoted(rest, p, line, fmt.Sprintf("%s:%d", sidecar, n))
			if err != nil {
				return nil, err
			}
			out = append(out, exps...)
		}
	}
	return out, nil
}

func parseQuoted(s, path string, line int, src string) ([]*Expectation, error) {
	var out []*Expectation
	for _, q := range quotedRx.FindAllString(s, -1) {
		u, err := strconv.Unquote(q)
		if err != nil {
			return nil, fmt.Errorf("%s: bad want string %s: %v", src, q, err)
		}
		rx, err := regexp.Compile(u)
		if err != nil {
			return nil, fmt.Errorf("%s: bad want regexp %s: %v", src, q, err)
		}
		out = append(out, &Expectation{Path: path, Line: line, Rx: rx, Src: src})
	}
	return out, nil
}

// Check compares findings with expectations and returns one message per
// mismatch (missing or unexpected), sorted.
func Check(findings []analyzer.Finding, exps []*Expectation) []string {
	var errs []string
	for _, f := range findings {
		// The severity leads so that a pattern may pin the grade
		// ("low SV150: …"); unanchored patterns match without it.
		text := f.Rule + ": " + f.Message
		graded := f.Severity.String() + " " + text
		matched := false
		for _, e := range exps {
			if !e.used && e.Path == f.Path && e.Line == f.Start.Line && e.Rx.MatchString(graded) {
				e.used, matched = true, true
				break
			}
		}
		if !matched {
			errs = append(errs, fmt.Sprintf("%s:%d:%d: unexpected finding %s (%s)", f.Path, f.Start.Line, f.Start.Column, text, f.Severity))
		}
	}
	for _, e := range exps {
		if !e.used {
			errs = append(errs, fmt.Sprintf("%s:%d: no finding matched %q (want at %s)", e.Path, e.Line, e.Rx, e.Src))
		}
	}
	sort.Strings(errs)
	return errs
}

// CapabilityFindings turns the capabilities that capability-inventory
// rules (Evidence EvCapability) recorded into findings for Check, with
// the message "capability KIND TARGET", so fixtures state them like any
// finding: # want "SV800: capability net-send api.example.net". Other
// rules' capabilities are left out: they are checked by their findings.
func CapabilityFindings(r *analyzer.Result, rules []*analyzer.Rule) []analyzer.Finding {
	inventory := map[string]bool{}
	for _, rl := range rules {
		if rl.Evidence == analyzer.EvCapability {
			inventory[rl.ID] = true
		}
	}
	var out []analyzer.Finding
	for _, c := range r.Capabilities {
		if inventory[c.Rule] {
			out = append(out, analyzer.Finding{Rule: c.Rule, Path: c.Path, Start: skill.Position{Line: c.Line, Column: 1},
				Severity: analyzer.Info, Kind: analyzer.EvCapability, Message: "capability " + string(c.Kind) + " " + c.Target})
		}
	}
	return out
}

// Run analyses every skill found under dir with the given rules and checks
// the fixtures' expectations. It returns the results for further checks.
func Run(t testing.TB, dir string, rules ...*analyzer.Rule) []*analyzer.Result {
	t.Helper()
	eng, err := analyzer.New(rules, analyzer.Options{Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	err = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && d.Name() == skill.ManifestName {
			dirs = append(dirs, filepath.Dir(p))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(dirs) == 0 {
		t.Fatalf("no fixture skills under %s", dir)
	}
	sort.Strings(dirs)
	var results []*analyzer.Result
	for _, d := range dirs {
		rel, _ := filepath.Rel(dir, d)
		root, err := skill.OpenDir(d)
		if err != nil {
			t.Fatal(err)
		}
		r := eng.Scan(context.Background(), analyzer.MemSource(d, root))
		root.Close()
		results = append(results, r)
		for _, e := range r.Errors {
			t.Errorf("%s: analysis error: %s", rel, e)
		}
		r.Findings = append(r.Findings, CapabilityFindings(r, rules)...)
		exps, err := Expectations(r.Skill, d+".want")
		if err != nil {
			t.Fatal(err)
		}
		for _, msg := range Check(r.Findings, exps) {
			t.Errorf("%s/%s", rel, msg)
		}
	}
	return results
}
