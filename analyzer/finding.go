package analyzer

import (
	"crypto/sha256"
	"encoding/hex"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/skillvet/skillvet/skill"
)

// Finding is one reported problem.
type Finding struct {
	Rule     string
	Severity Severity
	Category Category
	// Kind is what the finding is evidence of (see Evidence).
	Kind Evidence
	// Path is the file, slash-separated and relative to the skill directory.
	Path string
	// File is the file as displayed: the skill directory as discovered
	// joined with Path.
	File       string
	Start, End skill.Position
	Message    string
	Evidence   string
	// Fingerprint identifies the finding across line shifts and whitespace
	// edits: rule, skill-relative file and normalised source line.
	Fingerprint string
	Unanalysed  bool
	Suppression *Suppression
	// Steps are a chain's steps, source first (empty for other kinds).
	Steps []FindingStep
}

// Suppression records why a finding does not count.
type Suppression struct {
	Kind          string // "inSource" (directive) or "external" (baseline)
	Justification string
}

// Verdict is the outcome for one skill.
type Verdict string

const (
	VerdictPass  Verdict = "pass"
	VerdictWarn  Verdict = "warn"
	VerdictBlock Verdict = "block"
)

// Result is the analysis of one skill.
type Result struct {
	Skill    *skill.Skill
	Dir      string // the skill directory as discovered
	Findings []Finding
	// Errors are internal failures (a rule error or panic, a timeout, a
	// load error). Each also appears as an SV002 finding. A result with
	// errors is never admitted.
	Errors []string
	// Capabilities are what the skill can do, as the rules observed it:
	// deduplicated by kind, target and file, sorted.
	Capabilities []Cap
}

// Incomplete reports whether some content was not analysed.
func (r *Result) Incomplete() bool {
	if len(r.Errors) > 0 {
		return true
	}
	for _, f := range r.Findings {
		if f.Unanalysed && f.Suppression == nil {
			return true
		}
	}
	return false
}

// Verdict decides block/warn/pass with threshold failOn and the default
// policy (lint does not block). See Decide.
func (r *Result) Verdict(failOn Severity) Verdict { return r.Decide(Policy{FailOn: failOn}) }

// Decide combines the skill's evidence into a verdict: block when content
// was not analysed or a finding blocks under p (see Finding.Blocks), warn
// when an unsuppressed finding remains, pass otherwise.
func (r *Result) Decide(p Policy) Verdict {
	if r.Incomplete() {
		return VerdictBlock
	}
	v := VerdictPass
	for i := range r.Findings {
		f := &r.Findings[i]
		if f.Suppression != nil {
			continue
		}
		if f.Blocks(p) {
			return VerdictBlock
		}
		v = VerdictWarn
	}
	return v
}

// Max returns the highest unsuppressed severity, or SevNone.
func (r *Result) Max() Severity {
	m := SevNone
	for _, f := range r.Findings {
		if f.Suppression == nil && f.Severity > m {
			m = f.Severity
		}
	}
	return m
}

// SortFindings orders findings by file, position, rule and message.
func SortFindings(fs []Finding) {
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := &fs[i], &fs[j]
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		if a.Start.Line != b.Start.Line {
			return a.Start.Line < b.Start.Line
		}
		if a.Start.Column != b.Start.Column {
			return a.Start.Column < b.Start.Column
		}
		if a.Rule != b.Rule {
			return a.Rule < b.Rule
		}
		return a.Message < b.Message
	})
}

// finish sorts findings, sets display paths and fingerprints.
func (r *Result) finish() {
	// Results outlive the skill's bytes and parses (a batch scan keeps
	// every one for the sorted report): keep them exactly as large as
	// they are, without the spare capacity of the appends that built them.
	r.Findings = slices.Clip(slices.Clone(r.Findings))
	r.Capabilities = slices.Clip(slices.Clone(r.Capabilities))
	SortFindings(r.Findings)
	seen := map[string]int{}
	for i := range r.Findings {
		f := &r.Findings[i]
		f.File = displayPath(r.Dir, f.Path)
		for j := range f.Steps {
			f.Steps[j].File = displayPath(r.Dir, f.Steps[j].Path)
		}
		key := r.Skill.Name + "\x00" + f.Rule + "\x00" + f.Path + "\x00" + normalise(f.Evidence, f.Message)
		n := seen[key]
		seen[key] = n + 1
		h := sha256.Sum256([]byte(key + "\x00" + strconv.Itoa(n)))
		f.Fingerprint = hex.EncodeToString(h[:12])
	}
}

func displayPath(dir, p string) string {
	dir = strings.ReplaceAll(dir, "\\", "/")
	if dir == "" || dir == "." {
		return p
	}
	return path.Join(dir, p)
}

func normalise(evidence, msg string) string {
	s := strings.Join(strings.Fields(evidence), " ")
	if s == "" {
		return msg
	}
	return s
}
