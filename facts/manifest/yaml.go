// Package manifest is the facts layer for SKILL.md frontmatter: values with
// their YAML nodes and positions (Of, Value, NodeOffset, WalkFrontmatter,
// PromptFields), YAML kind tests, lint reporting at a node or key
// (ReportAt, ReportKeyAt, ReportStart), allowed-tools entries
// (AllowedToolsKeys, SplitAllowedTools, JudgeToolEntry) and the metadata
// extension keys.
package manifest

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/skill"
	"go.yaml.in/yaml/v3"
)

// Helpers shared by the SV9xx specification lint rules.

// Of returns the parsed frontmatter when it is usable by the
// field rules: present, closed, parsed. Missing, unclosed and invalid
// frontmatter is SV901's to report; a skill without SKILL.md is SV001's.
func Of(p *analyzer.Pass) *skill.Manifest {
	if p.Skill.ManifestFile() == nil {
		return nil
	}
	m := p.Skill.Manifest
	if m == nil || !m.Present || !m.Closed || m.Err != nil {
		return nil
	}
	return m
}

// Value returns the value of top-level key name when the frontmatter
// is usable (see Of) and has the key, else nil.
func Value(p *analyzer.Pass, name string) *yaml.Node {
	m := Of(p)
	if m == nil {
		return nil
	}
	k := m.Get(name)
	if k == nil {
		return nil
	}
	return Deref(k.Value)
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

// ReportAt reports a finding at node n (severity 0: the rule's default). An
// empty value ("key:" with nothing after it) has no text of its own, so the
// finding goes to the start of its line: the key.
func ReportAt(p *analyzer.Pass, n *yaml.Node, sev analyzer.Severity, format string, args ...any) {
	off := lintOffset(p.File, n.Line, n.Column)
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" && n.Value == "" {
		text := p.File.Line(n.Line)
		off = p.File.LineStart(n.Line) + len(text) - len(strings.TrimLeft(text, " \t"))
	}
	p.Report(analyzer.Diagnostic{Start: off, Severity: sev, Message: fmt.Sprintf(format, args...)})
}

// ReportKeyAt reports a finding at top-level key k.
func ReportKeyAt(p *analyzer.Pass, k *skill.Key, sev analyzer.Severity, format string, args ...any) {
	p.Report(analyzer.Diagnostic{Start: lintOffset(p.File, k.Line, k.Column), Severity: sev, Message: fmt.Sprintf(format, args...)})
}

// ReportStart reports a finding at the opening --- line of the frontmatter
// (for required keys that are absent).
func ReportStart(p *analyzer.Pass, m *skill.Manifest, format string, args ...any) {
	p.Report(analyzer.Diagnostic{Start: p.File.LineStart(m.StartLine), Message: fmt.Sprintf(format, args...)})
}

// Deref resolves an alias node.
func Deref(n *yaml.Node) *yaml.Node {
	if n != nil && n.Kind == yaml.AliasNode && n.Alias != nil {
		return n.Alias
	}
	return n
}

// IsString reports whether n is a string scalar (plain, quoted or block).
func IsString(n *yaml.Node) bool {
	n = Deref(n)
	return n != nil && n.Kind == yaml.ScalarNode && n.Tag == "!!str"
}

// IsBool reports whether n is a YAML boolean (true or false).
func IsBool(n *yaml.Node) bool {
	n = Deref(n)
	return n != nil && n.Kind == yaml.ScalarNode && n.Tag == "!!bool"
}

// Kind names the type of n for messages.
func Kind(n *yaml.Node) string {
	n = Deref(n)
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

// KindNonEmpty names the type of n for "must be a non-empty string"
// messages: an empty or blank string is "an empty string".
func KindNonEmpty(n *yaml.Node) string {
	if IsString(n) {
		return "an empty string"
	}
	return Kind(n)
}

// Pairs returns the key/value pairs of mapping n (aliases resolved).
func Pairs(n *yaml.Node) [][2]*yaml.Node {
	n = Deref(n)
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	out := make([][2]*yaml.Node, 0, len(n.Content)/2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		out = append(out, [2]*yaml.Node{n.Content[i], Deref(n.Content[i+1])})
	}
	return out
}

// StringList checks that n is a list of non-empty strings and reports
// each problem under the display name what. It returns the strings.
func StringList(p *analyzer.Pass, n *yaml.Node, what string, sev analyzer.Severity) []string {
	n = Deref(n)
	if n.Kind != yaml.SequenceNode {
		ReportAt(p, n, sev, "%s must be a list of strings, not %s", what, Kind(n))
		return nil
	}
	var out []string
	for _, it := range n.Content {
		it = Deref(it)
		switch {
		case !IsString(it):
			ReportAt(p, it, sev, "%s entries must be strings, not %s", what, Kind(it))
		case it.Value == "":
			ReportAt(p, it, sev, "%s has an empty entry", what)
		default:
			out = append(out, it.Value)
		}
	}
	return out
}
