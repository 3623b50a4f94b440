package rules

import (
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/manifest"
)

// SpecUnknownKey reports top-level frontmatter keys that neither
// the specification nor a known extension defines.
var SpecUnknownKey = register(&analyzer.Rule{
	ID:       "SV911",
	Name:     "unknown-frontmatter-key",
	Title:    "Unknown top-level frontmatter key",
	Severity: Info,
	Category: analyzer.CatLint,
	Tags:     []string{"lint", "spec", "frontmatter"},
	Inputs:   analyzer.InSkill,
	Doc: `Reports each top-level frontmatter key that is not defined by the Agent Skills
specification (` + "`name`" + `, ` + "`description`" + `, ` + "`license`" + `, ` + "`compatibility`" + `, ` + "`metadata`" + `,
` + "`allowed-tools`" + `), by Claude Code (` + "`disable-model-invocation`" + `, ` + "`user-invocable`" + `,
` + "`context`" + `, ` + "`agent`" + `, ` + "`model`" + `, ` + "`argument-hint`" + `, ` + "`hooks`" + `, ` + "`when_to_use`" + `,
` + "`arguments`" + `, ` + "`effort`" + `, ` + "`paths`" + `, ` + "`shell`" + `) or by OpenClaw
(` + "`homepage`" + `, ` + "`command-dispatch`" + `, ` + "`command-tool`" + `, ` + "`command-arg-mode`" + `).

Unknown keys are ignored by agents (info). A key that is a misspelling of a known one
(` + "`allowed_tools`" + `, ` + "`Description`" + `, ` + "`user_invocable`" + `) is low: the setting the author meant
silently does not apply.

**Fix:** remove the key, fix its spelling, or move custom data under ` + "`metadata`" + `.

Bad:

` + "```yaml" + `
version: 1.2.0
allowed_tools: Read Grep
` + "```" + `

Good:

` + "```yaml" + `
metadata:
  version: "1.2.0"
allowed-tools: Read Grep
` + "```",
	Run: runSpecUnknownKey,
})

// lintKnownKeys are the top-level keys of the specification and of the
// extensions skillvet knows.
var lintKnownKeys = map[string]bool{
	// Agent Skills specification
	"name": true, "description": true, "license": true, "compatibility": true, "metadata": true, "allowed-tools": true,
	// Claude Code
	"disable-model-invocation": true, "user-invocable": true, "context": true, "agent": true,
	"model": true, "argument-hint": true, "hooks": true, "when_to_use": true, "arguments": true,
	"effort": true, "paths": true, "shell": true,
	// OpenClaw
	"homepage": true, "command-dispatch": true, "command-tool": true, "command-arg-mode": true,
}

func runSpecUnknownKey(p *analyzer.Pass) error {
	m := manifest.Of(p)
	if m == nil {
		return nil
	}
	for i := range m.Keys {
		k := &m.Keys[i]
		if lintKnownKeys[k.Name] {
			continue
		}
		if strings.TrimSpace(k.Name) == "" {
			manifest.ReportKeyAt(p, k, Low, "frontmatter key is empty or not a plain name; agents cannot use it")
			continue
		}
		lower := strings.ToLower(strings.TrimSpace(k.Name))
		if norm := lintSpelling(lower); norm != "" && m.Get(norm) == nil {
			manifest.ReportKeyAt(p, k, Low, "unknown frontmatter key %q: did you mean %q? Agents ignore the misspelt key", k.Name, norm)
			continue
		}
		manifest.ReportKeyAt(p, k, 0, "unknown frontmatter key %q is ignored by agents (move custom data under metadata)", k.Name)
	}
	return nil
}

// lintSpelling returns the known key that lower-cased key k spells with
// other separators (allowed_tools, user-invocable vs when-to-use), or "".
func lintSpelling(k string) string {
	for _, c := range []string{k, strings.ReplaceAll(k, "_", "-"), strings.ReplaceAll(k, "-", "_")} {
		if lintKnownKeys[c] {
			return c
		}
	}
	return ""
}
