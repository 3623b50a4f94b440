package rules

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/manifest"
)

// SpecFrontmatterInvalid reports SKILL.md files whose frontmatter an agent
// cannot load: missing, never closed, or not valid YAML.
var SpecFrontmatterInvalid = register(&analyzer.Rule{
	ID:       "SV901",
	Name:     "frontmatter-invalid",
	Title:    "SKILL.md frontmatter is missing, unclosed or not valid YAML",
	Severity: High,
	Category: analyzer.CatLint,
	Tags:     []string{"lint", "spec", "frontmatter"},
	Inputs:   analyzer.InSkill,
	Doc: `SKILL.md must start with a YAML frontmatter block: a ` + "`---`" + ` line, YAML with at
least ` + "`name`" + ` and ` + "`description`" + `, and a closing ` + "`---`" + ` line. This rule reports, at the
offending line:

- a SKILL.md that does not start with ` + "`---`" + ` (no frontmatter at all);
- a block that is opened but never closed (the whole file would be YAML);
- YAML that does not parse (bad indentation, tabs, a stray ` + "`[`" + `), or that is not a
  mapping of keys to values;
- a key defined twice in the same mapping. YAML forbids it, but parsers disagree: some
  reject the file, some keep the first value (skillvet's parser does), some the last, so
  the scanner and the agent can read different instructions.

**Why it matters:** agents discover and select skills by their frontmatter. A skill whose
frontmatter cannot be read is not loaded at all, or is loaded by one agent and rejected by
another whose parser is stricter: what the scanner sees is then not what runs. Such skills
block (**high**).

A SKILL.md with no ` + "`---`" + ` in its first five lines has no frontmatter to disagree about:
agents that accept it (Claude Code names it after its directory and takes its first paragraph
as the description) and the scanner read the same text, all of it body, and every rule has
analysed it. That is a specification error, reported **medium**; the loader still refuses
to serve it (the spec requires ` + "`name`" + ` and ` + "`description`" + `), with that reason. A block
that starts on line 2 to 5, after blank lines or a comment, stays **high**: an agent that skips
leading lines reads frontmatter the scanner read as body.

**Fix:** add or close the block and make the YAML valid; quote values that contain
` + "`: `" + `, ` + "`#`" + ` or start with ` + "`[`" + `, ` + "`{`" + `, ` + "`*`" + `, ` + "`&`" + `.

Bad:

` + "```markdown" + `
---
name: pdf-tools
description: [beta] Fill PDF forms
---
` + "```" + `

Good:

` + "```markdown" + `
---
name: pdf-tools
description: "[beta] Fill PDF forms"
---
` + "```",
	Run: runSpecFrontmatterInvalid,
})

func runSpecFrontmatterInvalid(p *analyzer.Pass) error {
	if p.Skill.ManifestFile() == nil {
		return nil // no SKILL.md: the engine reports SV001
	}
	m := p.Skill.Manifest
	switch {
	case !m.Present:
		for n := 1; n <= 5 && n <= p.File.LineCount(); n++ {
			if strings.TrimSpace(p.File.Line(n)) == "---" {
				p.Report(analyzer.Diagnostic{Start: p.File.LineStart(n), Message: fmt.Sprintf("SKILL.md has no YAML frontmatter: the --- block must start on the first line, not line %d", n)})
				return nil
			}
		}
		// Nothing at all: every agent reads the same text, all of it body,
		// and every rule has read it. A spec violation, not a hiding place.
		p.Report(analyzer.Diagnostic{Severity: Medium, Message: "SKILL.md has no YAML frontmatter: it must start with a --- line, name and description, and a closing --- line"})
	case !m.Closed:
		p.Report(analyzer.Diagnostic{Start: p.File.LineStart(m.StartLine), Message: "frontmatter block is never closed with a --- line: agents read the whole file as YAML and cannot load the skill"})
	case m.Err != nil:
		msg := "frontmatter is not valid YAML: " + m.Err.Msg
		if strings.HasPrefix(m.Err.Msg, "frontmatter ") {
			msg = m.Err.Msg // already says what is wrong (not a mapping, too large, ...)
		}
		// Over a limit, nothing in the frontmatter was read: the security
		// rules are blind there, so it blocks like any unanalysed content.
		p.Report(analyzer.Diagnostic{Start: p.File.LineStart(m.Err.Line), Message: msg, Unanalysed: m.Err.OverLimit})
	default:
		lintDuplicateKeys(p, m.Root, "", 0)
	}
	return nil
}

// lintDuplicateKeys reports keys defined twice in one mapping, at any depth.
func lintDuplicateKeys(p *analyzer.Pass, n *yaml.Node, where string, depth int) {
	if n == nil || n.Kind == yaml.AliasNode || depth > 2*64 {
		return
	}
	if n.Kind == yaml.MappingNode {
		first := map[string]*yaml.Node{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if k.Kind != yaml.ScalarNode || k.Value == "<<" {
				continue
			}
			if f := first[k.Value]; f != nil {
				manifest.ReportAt(p, k, 0, "duplicate key %s (first defined at line %d): parsers disagree on which value wins, so the scanner and the agent may read different values", where+k.Value, f.Line)
			} else {
				first[k.Value] = k
			}
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			lintDuplicateKeys(p, n.Content[i+1], where+n.Content[i].Value+".", depth+1)
		}
		return
	}
	for i, c := range n.Content {
		lintDuplicateKeys(p, c, fmt.Sprintf("%s[%d].", strings.TrimSuffix(where, "."), i), depth+1)
	}
}
