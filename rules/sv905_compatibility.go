package rules

import (
	"strings"
	"unicode/utf8"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/manifest"
)

// SpecCompatibility checks the optional compatibility field.
var SpecCompatibility = register(&analyzer.Rule{
	ID:       "SV905",
	Name:     "compatibility-field",
	Title:    "compatibility is not a string of at most 500 characters",
	Severity: Low,
	Category: analyzer.CatLint,
	Tags:     []string{"lint", "spec", "frontmatter"},
	Inputs:   analyzer.InSkill,
	Doc: `The optional ` + "`compatibility`" + ` field states environment requirements (intended agent,
system packages, network access) as a string of 1–500 characters. This rule reports a
value that is not a string (for example a list or mapping of products), is empty, or is
longer than 500 characters.

**Why it matters:** agents that validate frontmatter reject the skill; the others ignore
the field, so the requirement is lost.

**Fix:** write the requirements as one short sentence.

Bad:

` + "```yaml" + `
compatibility:
  - claude-code
  - python3
` + "```" + `

Good:

` + "```yaml" + `
compatibility: Designed for Claude Code; needs python3 and network access.
` + "```",
	Run: runSpecCompatibility,
})

func runSpecCompatibility(p *analyzer.Pass) error {
	v := manifest.Value(p, "compatibility")
	if v == nil {
		return nil
	}
	switch {
	case !manifest.IsString(v):
		manifest.ReportAt(p, v, 0, "compatibility must be a string, not %s", manifest.Kind(v))
	case strings.TrimSpace(v.Value) == "":
		manifest.ReportAt(p, v, 0, "compatibility is empty: remove it or state the requirements")
	case utf8.RuneCountInString(v.Value) > 500:
		manifest.ReportAt(p, v, 0, "compatibility is %d characters long; the limit is 500", utf8.RuneCountInString(v.Value))
	}
	return nil
}
