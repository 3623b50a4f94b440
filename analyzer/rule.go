// Package analyzer is skillvet's analysis engine. A Rule is a value that
// carries all its metadata (the single source for --explain, the docs and
// SARIF rules[]) and a Run function that reads one file through a Pass and
// reports findings through it. The Engine loads skills, classifies and
// parses each file once, prefilters by keyword, and runs rules on a bounded
// worker pool; results are sorted so output is deterministic.
package analyzer

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/skillvet/skillvet/skill"
)

// Input is a set of things a rule wants to look at.
type Input uint32

const (
	// InSkill runs the rule once per skill, with SKILL.md as the pass's
	// file (even when the skill has no SKILL.md: then File is a stub).
	InSkill Input = 1 << iota
	InMarkdown
	InJS
	InShell
	InPython
	InYAML
	InJSON
	InText   // plain text files, PowerShell and batch files
	InOpaque // binaries, archives, bytecode, assets
	InPowerShell
	// InEvidence runs the rule once per skill after every file rule, with
	// the skill's findings and capabilities (Pass.Findings, Pass.Caps):
	// correlators that turn capabilities into chains. It is not a file
	// input and cannot be combined with InSkill.
	InEvidence
)

// InAnyText is every text kind; InAny is every file.
const (
	InAnyText = InMarkdown | InJS | InShell | InPython | InYAML | InJSON | InText | InPowerShell
	InAny     = InAnyText | InOpaque
)

// InputOf maps a file kind to the input bit that selects it.
func InputOf(k skill.Kind) Input {
	switch k {
	case skill.KindMarkdown:
		return InMarkdown
	case skill.KindJS:
		return InJS
	case skill.KindShell:
		return InShell
	case skill.KindPython:
		return InPython
	case skill.KindYAML:
		return InYAML
	case skill.KindJSON:
		return InJSON
	case skill.KindPowerShell:
		return InPowerShell
	case skill.KindText, skill.KindBatch, skill.KindUnknown:
		return InText
	}
	return InOpaque
}

// Rule is one check. Every field but Run is metadata, and every output
// (text, JSON, SARIF, --explain, the README table) is generated from it.
type Rule struct {
	ID       string   // stable forever: SV + three digits
	Name     string   // short kebab-case name, e.g. "curl-pipe-shell"
	Title    string   // one line
	Doc      string   // Markdown: what it finds, why it matters, how to fix, examples
	Severity Severity // default severity; a finding may override it
	Category Category
	Tags     []string // e.g. "CWE-78", "security", "lint"
	// Evidence is what the rule's findings are evidence of by default (a
	// finding may say otherwise). Zero means lint for the lint category and
	// indicator otherwise.
	Evidence Evidence
	Inputs   Input
	// Keywords, when set, prefilter files: the rule runs on a file only if
	// the file contains at least one keyword (ASCII case-insensitive). Leave
	// it empty for rules that must see through obfuscation.
	Keywords []string
	// Run analyses pass.File and reports findings through the pass. An
	// error (or a panic) marks the skill as not analysed, which blocks it.
	Run func(*Pass) error
	// Extract, when set, finds code embedded in pass.File (a Python block
	// in Markdown, a notebook cell, a here-document fed to an interpreter)
	// and returns it as files (skill.NewEmbedded) that the engine analyses
	// with every rule, reporting in the host file. A rule may have Extract,
	// Run or both.
	Extract func(*Pass) ([]*skill.File, error)
}

var idRx = regexp.MustCompile(`^(SV\d{3}|[A-Z][A-Z0-9]*-?\d{1,4})$`)

// Validate checks that the rule's metadata is complete.
func (r *Rule) Validate() error {
	switch {
	case !idRx.MatchString(r.ID):
		return fmt.Errorf("rule %q: ID must look like SV123 (built-in) or ACME-001 (custom)", r.ID)
	case r.Name == "" || r.Title == "" || r.Doc == "":
		return fmt.Errorf("rule %s: Name, Title and Doc are required", r.ID)
	case r.Severity < Info || r.Severity > Critical:
		return fmt.Errorf("rule %s: invalid severity", r.ID)
	case r.Category == "" || r.Category.Title() == "":
		return fmt.Errorf("rule %s: unknown category %q", r.ID, r.Category)
	case r.Inputs == 0:
		return fmt.Errorf("rule %s: no inputs", r.ID)
	case r.Run == nil && r.Extract == nil:
		return fmt.Errorf("rule %s: no Run or Extract function", r.ID)
	case r.Inputs&InEvidence != 0 && r.Inputs != InEvidence:
		return fmt.Errorf("rule %s: InEvidence cannot be combined with other inputs", r.ID)
	case int(r.Evidence) >= len(evidenceNames):
		return fmt.Errorf("rule %s: invalid evidence kind", r.ID)
	case r.Evidence == EvLint && r.Category != CatLint || r.Category == CatLint && r.Evidence != EvidenceDefault && r.Evidence != EvLint:
		return fmt.Errorf("rule %s: lint rules (and only they) have lint evidence", r.ID)
	}
	for _, k := range r.Keywords {
		if k == "" || strings.ToLower(k) != k {
			return fmt.Errorf("rule %s: keyword %q must be non-empty and lower case", r.ID, k)
		}
	}
	return nil
}

// Kind is the evidence kind of the rule's findings by default.
func (r *Rule) Kind() Evidence {
	switch {
	case r.Evidence != EvidenceDefault:
		return r.Evidence
	case r.Category == CatLint:
		return EvLint
	}
	return EvIndicator
}

// wants reports whether the rule runs on files of kind k.
func (r *Rule) wants(k skill.Kind) bool { return r.Inputs&InputOf(k) != 0 }
