package rules

import (
	"fmt"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
)

// lintMaxBodyLines is the body length the specification recommends staying
// under.
const lintMaxBodyLines = 500

// SpecBodySize reports SKILL.md bodies that are empty or too long.
var SpecBodySize = register(&analyzer.Rule{
	ID:       "SV912",
	Name:     "body-size",
	Title:    "SKILL.md body is empty or longer than 500 lines",
	Severity: Low,
	Category: analyzer.CatLint,
	Tags:     []string{"lint", "spec", "progressive-disclosure"},
	Inputs:   analyzer.InSkill,
	Doc: `An agent loads the whole SKILL.md body into its context as soon as the skill is
selected. The specification recommends keeping the body under 500 lines and moving
detail into ` + "`references/`" + ` files that the agent reads only when needed (progressive
disclosure). This rule reports, at line 501 of the body, a body longer than that, and a
body that is empty (the skill selects but tells the agent nothing).

**Why it matters:** long bodies crowd out the user's task and make review harder; an
empty body is usually a packaging mistake.

**Fix:** keep the workflow in SKILL.md and link to the details.

Bad: a 1,400-line SKILL.md that inlines every form field and API parameter.

Good:

` + "```markdown" + `
## Filling forms
1. Run ` + "`scripts/fields.py form.pdf`" + ` to list the fields.
2. For the meaning of each field type see [forms](references/forms.md).
` + "```",
	Run: runSpecBodySize,
})

func runSpecBodySize(p *analyzer.Pass) error {
	mf := p.Skill.ManifestFile()
	m := p.Skill.Manifest
	if mf == nil || m == nil || (m.Present && !m.Closed) {
		return nil // no SKILL.md (SV001) or unclosed frontmatter (SV901)
	}
	body := ""
	if m.BodyStart <= len(mf.Content) {
		body = string(mf.Content[m.BodyStart:])
	}
	if strings.TrimSpace(body) == "" {
		at := 0
		if m.Present {
			at = p.File.LineStart(m.EndLine)
		}
		p.Report(analyzer.Diagnostic{Start: at, Message: "SKILL.md has no body: the skill tells the agent nothing once selected"})
		return nil
	}
	n := p.File.LineCount() - m.BodyLine + 1
	if n > lintMaxBodyLines {
		line := m.BodyLine + lintMaxBodyLines
		p.Report(analyzer.Diagnostic{Start: p.File.LineStart(line),
			Message: fmt.Sprintf("SKILL.md body is %d lines, over the recommended %d: move detail into references/ files the agent reads on demand", n, lintMaxBodyLines)})
	}
	return nil
}
