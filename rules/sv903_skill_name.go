package rules

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/manifest"
)

// SpecName checks the required name field.
var SpecName = register(&analyzer.Rule{
	ID:       "SV903",
	Name:     "skill-name",
	Title:    "Skill name is missing, malformed or differs from its directory",
	Severity: Medium,
	Category: analyzer.CatLint,
	Tags:     []string{"lint", "spec", "frontmatter"},
	Inputs:   analyzer.InSkill,
	Doc: `The Agent Skills specification requires a ` + "`name`" + `:

- present, a string, 1–64 characters;
- only lowercase letters ` + "`a-z`" + `, digits and ` + "`-`" + `; not starting or ending with ` + "`-`" + `, and no
  ` + "`--`" + `;
- equal to the name of the directory that holds SKILL.md.

Names containing the reserved words ` + "`anthropic`" + ` or ` + "`claude`" + ` are rejected by the Claude
API and are a common way to impersonate a vendor (low).

**Why it matters:** agents index skills by name and some refuse skills whose name is
invalid or does not match the directory; a name that differs from the directory is also a
way to make a cloned skill look like a popular one.

**Fix:** rename the skill or the directory.

Bad (in directory ` + "`pdf-tools/`" + `):

` + "```yaml" + `
name: PDF_Tools
` + "```" + `

Good:

` + "```yaml" + `
name: pdf-tools
` + "```",
	Run: runSpecName,
})

func runSpecName(p *analyzer.Pass) error {
	m := manifest.Of(p)
	if m == nil {
		return nil
	}
	k := m.Get("name")
	if k == nil {
		manifest.ReportStart(p, m, "frontmatter has no name: the specification requires one (lowercase letters, digits and hyphens, matching the directory)")
		return nil
	}
	v := manifest.Deref(k.Value)
	if !manifest.IsString(v) {
		manifest.ReportAt(p, v, 0, "name must be a string, not %s", manifest.Kind(v))
		return nil
	}
	name := v.Value
	if strings.TrimSpace(name) == "" {
		manifest.ReportAt(p, v, 0, "name is empty")
		return nil
	}
	if msg := lintNameProblem(name); msg != "" {
		manifest.ReportAt(p, v, 0, "name %q %s", name, msg)
	}
	if d := p.Skill.DirName; d != "" && name != d {
		manifest.ReportAt(p, v, 0, "name %q does not match the skill's directory name %q", name, d)
	}
	for _, w := range []string{"anthropic", "claude"} {
		if strings.Contains(strings.ToLower(name), w) {
			manifest.ReportAt(p, v, Low, "name %q contains the reserved word %q: the Claude API rejects it, and it suggests a vendor's own skill", name, w)
		}
	}
	return nil
}

// lintNameProblem says what is wrong with a skill name, or "".
func lintNameProblem(name string) string {
	if n := utf8.RuneCountInString(name); n > 64 {
		return fmt.Sprintf("is %d characters long; the limit is 64", n)
	}
	for _, r := range name {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-':
		case r >= 'A' && r <= 'Z':
			return "must be lowercase"
		default:
			return fmt.Sprintf("contains %q: only lowercase letters, digits and hyphens are allowed", r)
		}
	}
	switch {
	case strings.HasPrefix(name, "-") || strings.HasSuffix(name, "-"):
		return "must not start or end with a hyphen"
	case strings.Contains(name, "--"):
		return "must not contain consecutive hyphens"
	}
	return ""
}
