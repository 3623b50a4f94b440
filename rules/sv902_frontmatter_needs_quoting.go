package rules

import (
	"strings"

	"github.com/skillvet/skillvet/analyzer"
)

// SpecFrontmatterQuoting reports frontmatter lines that only parse after
// skillvet quoted them (an unquoted ": " in a value).
var SpecFrontmatterQuoting = register(&analyzer.Rule{
	ID:       "SV902",
	Name:     "frontmatter-needs-quoting",
	Title:    "Frontmatter value needs quoting",
	Severity: Medium,
	Category: analyzer.CatLint,
	Tags:     []string{"lint", "spec", "frontmatter"},
	Inputs:   analyzer.InSkill,
	Doc: `A frontmatter value contains ` + "`: `" + ` (or ends in ` + "`:`" + `) without quotes, for example
` + "`description: Use when: the user asks for a PDF`" + `. That is not valid YAML: a strict parser
stops with "mapping values are not allowed in this context". skillvet quotes such lines
so it can analyse the skill, and reports each one.

**Why it matters:** some agents repair the line the same way, others refuse the skill or
drop its description, so the skill silently works in one agent and not in another.

**Fix:** quote the value, or use a block scalar.

Bad:

` + "```yaml" + `
description: Fill PDF forms. Use when: the user uploads a form
` + "```" + `

Good:

` + "```yaml" + `
description: "Fill PDF forms. Use when: the user uploads a form"
` + "```",
	Run: runSpecFrontmatterQuoting,
})

func runSpecFrontmatterQuoting(p *analyzer.Pass) error {
	if p.Skill.ManifestFile() == nil {
		return nil
	}
	for _, r := range p.Skill.Manifest.Repairs {
		text := p.File.Line(r.Line)
		col := 1
		if i := strings.Index(text, ":"); i >= 0 {
			col = i + 2
			for col <= len(text) && (text[col-1] == ' ' || text[col-1] == '\t') {
				col++
			}
		}
		p.Report(analyzer.Diagnostic{
			Start:   p.File.Offset(r.Line, col),
			Message: "value of " + r.Key + " contains \": \" unquoted and is not valid YAML; strict parsers reject the frontmatter: quote the value",
		})
	}
	return nil
}
