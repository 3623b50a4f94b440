package rules

import (
	"github.com/skillvet/skillvet/facts/match"
	"strings"
	"unicode/utf8"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/manifest"
)

// SpecDescription checks the required description field.
var SpecDescription = register(&analyzer.Rule{
	ID:       "SV904",
	Name:     "skill-description",
	Title:    "Skill description is missing, empty or too long",
	Severity: Medium,
	Category: analyzer.CatLint,
	Tags:     []string{"lint", "spec", "frontmatter"},
	Inputs:   analyzer.InSkill,
	Doc: `The Agent Skills specification requires a ` + "`description`" + `: a string of 1–1024
characters that says what the skill does and when to use it. This rule reports a missing
description, one that is not a string (a list, a mapping, a number), one that is empty
or only whitespace, and one longer than 1024 characters. XML tags in the description are
rejected by the Claude API (low).

**Why it matters:** the description is all an agent reads when it decides whether to load
a skill. Agents refuse or truncate invalid descriptions, so the skill is never selected,
or is selected on text the author did not intend.

**Fix:** write one or two sentences: what the skill does, then "Use when …".

Bad:

` + "```yaml" + `
description:
` + "```" + `

Good:

` + "```yaml" + `
description: Fill and merge PDF forms. Use when the user uploads a PDF or asks to combine documents.
` + "```",
	Run: runSpecDescription,
})

var lintXMLTagRx = match.MustRx(`</?[A-Za-z][A-Za-z0-9_-]*(?:\s[^<>]*)?/?>`)

func runSpecDescription(p *analyzer.Pass) error {
	m := manifest.Of(p)
	if m == nil {
		return nil
	}
	k := m.Get("description")
	if k == nil {
		manifest.ReportStart(p, m, "frontmatter has no description: agents choose skills by it, and the specification requires one")
		return nil
	}
	v := manifest.Deref(k.Value)
	if !manifest.IsString(v) {
		manifest.ReportAt(p, v, 0, "description must be a string, not %s", manifest.Kind(v))
		return nil
	}
	d := v.Value
	if strings.TrimSpace(d) == "" {
		manifest.ReportAt(p, v, 0, "description is empty")
		return nil
	}
	if n := utf8.RuneCountInString(d); n > 1024 {
		manifest.ReportAt(p, v, 0, "description is %d characters long; the limit is 1024 and agents may truncate or reject it", n)
	}
	if t := lintXMLTagRx.FindString(d); t != "" {
		manifest.ReportAt(p, v, Low, "description contains the XML tag %s: the Claude API rejects descriptions with XML tags", t)
	}
	return nil
}
