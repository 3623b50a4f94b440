package rules

import (
	"github.com/skillvet/skillvet/facts/match"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/manifest"
)

// SpecAllowedTools checks the shape of allowed-tools.
var SpecAllowedTools = register(&analyzer.Rule{
	ID:       "SV908",
	Name:     "allowed-tools-field",
	Title:    "allowed-tools is malformed",
	Severity: Low,
	Category: analyzer.CatLint,
	Tags:     []string{"lint", "spec", "frontmatter"},
	Inputs:   analyzer.InSkill,
	Doc: `The optional ` + "`allowed-tools`" + ` field lists the tools a skill may use without asking:
a space-separated string (the specification's form) or a list of strings (which Claude
Code also accepts), each entry a tool name with an optional argument pattern such as
` + "`Bash(git status:*)`" + `. Commas between entries are accepted.

This rule reports a value of another type (mapping, number, boolean, empty: medium), an
empty entry, unbalanced parentheses, and entries that are not a tool name, such as
` + "`Bash (git:*)`" + ` where the space splits the pattern from its tool (low). Whether the tools
granted are too broad is a security question for the permission rules, not this one.

**Why it matters:** a malformed list is ignored or misread, so the skill runs with other
permissions than its author and reviewer assumed.

**Fix:**

Bad:

` + "```yaml" + `
allowed-tools:
  Bash: git
  Read: true
` + "```" + `

Good:

` + "```yaml" + `
allowed-tools: Read Grep Bash(git status:*) Bash(git diff:*)
` + "```",
	Run: runSpecAllowedTools,
})

var lintToolRx = match.MustRx(`^[A-Za-z_][A-Za-z0-9_.:-]*(?:\(.*\))?$`)

func runSpecAllowedTools(p *analyzer.Pass) error {
	v := manifest.Value(p, "allowed-tools")
	if v == nil {
		return nil
	}
	switch {
	case manifest.IsString(v):
		if strings.TrimSpace(v.Value) == "" {
			manifest.ReportAt(p, v, 0, "allowed-tools is empty: remove it or list the tools")
			return nil
		}
		for _, t := range lintSplitTools(v.Value) {
			lintCheckTool(p, v, t)
		}
	case v.Kind == yaml.SequenceNode:
		for _, it := range v.Content {
			it = manifest.Deref(it)
			if !manifest.IsString(it) {
				manifest.ReportAt(p, it, Medium, "allowed-tools entries must be strings, not %s", manifest.Kind(it))
				continue
			}
			if strings.TrimSpace(it.Value) == "" {
				manifest.ReportAt(p, it, 0, "allowed-tools has an empty entry")
				continue
			}
			lintCheckTool(p, it, strings.TrimSpace(it.Value))
		}
	default:
		manifest.ReportAt(p, v, Medium, "allowed-tools must be a space-separated string or a list of strings, not %s", manifest.Kind(v))
	}
	return nil
}

func lintCheckTool(p *analyzer.Pass, n *yaml.Node, t string) {
	if d := lintParenDepth(t); d != 0 {
		manifest.ReportAt(p, n, 0, "allowed-tools entry %q has unbalanced parentheses", t)
		return
	}
	if !lintToolRx.MatchString(t) {
		manifest.ReportAt(p, n, 0, "allowed-tools entry %q is not a tool name (a space between a tool and its pattern splits them)", t)
	}
}

// lintParenDepth returns the parenthesis depth left open at the end of s
// (negative when a ")" has no "(").
func lintParenDepth(s string) int {
	d := 0
	for _, c := range s {
		switch c {
		case '(':
			d++
		case ')':
			d--
			if d < 0 {
				return d
			}
		}
	}
	return d
}

// lintSplitTools splits a space- or comma-separated tool list, keeping
// spaces and commas inside parentheses: "Bash(git status:*) Read".
func lintSplitTools(s string) []string {
	var out []string
	depth, start := 0, 0
	flush := func(end int) {
		if t := strings.TrimSpace(s[start:end]); t != "" {
			out = append(out, t)
		}
	}
	for i, c := range s {
		switch c {
		case '(':
			depth++
		case ')':
			if depth > 0 {
				depth--
			}
		case ' ', '\t', '\n', ',':
			if depth == 0 {
				flush(i)
				start = i + 1
			}
		}
	}
	flush(len(s))
	return out
}
