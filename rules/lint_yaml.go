package rules

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/skill"
)

// Helpers shared by the SV9xx specification lint rules.

// lintManifest returns the parsed frontmatter when it is usable by the
// field rules: present, closed, parsed. Missing, unclosed and invalid
// frontmatter is SV901's to report; a skill without SKILL.md is SV001's.
func lintManifest(p *analyzer.Pass) *skill.Manifest {
	if p.Skill.ManifestFile() == nil {
		return nil
	}
	m := p.Skill.Manifest
	if m == nil || !m.Present || !m.Closed || m.Err != nil {
		return nil
	}
	return m
}

// lintValue returns the value of top-level key name when the frontmatter
// is usable (see lintManifest) and has the key, else nil.
func lintValue(p *analyzer.Pass, name string) *yaml.Node {
	m := lintManifest(p)
	if m == nil {
		return nil
	}
	k := m.Get(name)
	if k == nil {
		return nil
	}
	return lintDeref(k.Value)
}

// lintOffset converts a yaml.Node position into a byte offset of the file.
// yaml.v3 columns count runes, so a column after an emoji or accented
// letter is not a byte column.
func lintOffset(f *skill.File, line, col int) int {
	start := f.LineStart(line)
	text := f.Line(line)
	b := 0
	for i := 1; i < col && b < len(text); i++ {
		_, n := utf8.DecodeRuneInString(text[b:])
		b += n
	}
	return start + b
}

// lintAt reports a finding at node n (severity 0: the rule's default). An
// empty value ("key:" with nothing after it) has no text of its own, so the
// finding goes to the start of its line: the key.
func lintAt(p *analyzer.Pass, n *yaml.Node, sev analyzer.Severity, format string, args ...any) {
	off := lintOffset(p.File, n.Line, n.Column)
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" && n.Value == "" {
		text := p.File.Line(n.Line)
		off = p.File.LineStart(n.Line) + len(text) - len(strings.TrimLeft(text, " \t"))
	}
	p.Report(analyzer.Diagnostic{Start: off, Severity: sev, Message: fmt.Sprintf(format, args...)})
}

// lintKeyAt reports a finding at top-level key k.
func lintKeyAt(p *analyzer.Pass, k *skill.Key, sev analyzer.Severity, format string, args ...any) {
	p.Report(analyzer.Diagnostic{Start: lintOffset(p.File, k.Line, k.Column), Severity: sev, Message: fmt.Sprintf(format, args...)})
}

// lintStartAt reports a finding at the opening --- line of the frontmatter
// (for required keys that are absent).
func lintStartAt(p *analyzer.Pass, m *skill.Manifest, format string, args ...any) {
	p.Report(analyzer.Diagnostic{Start: p.File.LineStart(m.StartLine), Message: fmt.Sprintf(format, args...)})
}

// lintDeref resolves an alias node.
func lintDeref(n *yaml.Node) *yaml.Node {
	if n != nil && n.Kind == yaml.AliasNode && n.Alias != nil {
		return n.Alias
	}
	return n
}

// lintIsString reports whether n is a string scalar (plain, quoted or block).
func lintIsString(n *yaml.Node) bool {
	n = lintDeref(n)
	return n != nil && n.Kind == yaml.ScalarNode && n.Tag == "!!str"
}

// lintIsBool reports whether n is a YAML boolean (true or false).
func lintIsBool(n *yaml.Node) bool {
	n = lintDeref(n)
	return n != nil && n.Kind == yaml.ScalarNode && n.Tag == "!!bool"
}

// lintKind names the type of n for messages.
func lintKind(n *yaml.Node) string {
	n = lintDeref(n)
	if n == nil {
		return "missing"
	}
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		switch n.Tag {
		case "!!str":
			return "a string"
		case "!!int", "!!float":
			return "a number (" + n.Value + ")"
		case "!!bool":
			return "a boolean (" + n.Value + ")"
		case "!!null":
			return "empty (null)"
		case "!!timestamp":
			return "a date (" + n.Value + ")"
		}
		return "a " + n.Tag + " value"
	}
	return "not a plain value"
}

// lintKindNonEmpty names the type of n for "must be a non-empty string"
// messages: an empty or blank string is "an empty string".
func lintKindNonEmpty(n *yaml.Node) string {
	if lintIsString(n) {
		return "an empty string"
	}
	return lintKind(n)
}

// lintPairs returns the key/value pairs of mapping n (aliases resolved).
func lintPairs(n *yaml.Node) [][2]*yaml.Node {
	n = lintDeref(n)
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	out := make([][2]*yaml.Node, 0, len(n.Content)/2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		out = append(out, [2]*yaml.Node{n.Content[i], lintDeref(n.Content[i+1])})
	}
	return out
}

// lintStringList checks that n is a list of non-empty strings and reports
// each problem under the display name what. It returns the strings.
func lintStringList(p *analyzer.Pass, n *yaml.Node, what string, sev analyzer.Severity) []string {
	n = lintDeref(n)
	if n.Kind != yaml.SequenceNode {
		lintAt(p, n, sev, "%s must be a list of strings, not %s", what, lintKind(n))
		return nil
	}
	var out []string
	for _, it := range n.Content {
		it = lintDeref(it)
		switch {
		case !lintIsString(it):
			lintAt(p, it, sev, "%s entries must be strings, not %s", what, lintKind(it))
		case it.Value == "":
			lintAt(p, it, sev, "%s has an empty entry", what)
		default:
			out = append(out, it.Value)
		}
	}
	return out
}
