package manifest

import (
	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/skill"
	"go.yaml.in/yaml/v3"
)

// NodeOffset returns the SKILL.md byte offset of a frontmatter node.
func NodeOffset(p *analyzer.Pass, n *yaml.Node) int {
	if n == nil || n.Line <= 0 {
		return 0
	}
	col := n.Column
	if col < 1 {
		col = 1
	}
	return p.File.Offset(n.Line, col)
}

// PromptFields returns the frontmatter fields that agents copy into their
// system prompt (name, description, when-to-use hints) with their nodes.
func PromptFields(p *analyzer.Pass) []PromptField {
	m := p.Skill.Manifest
	if m == nil || m.Root == nil {
		return nil
	}
	var out []PromptField
	for _, k := range []string{"name", "description", "when_to_use", "when-to-use", "short-description", "summary"} {
		if key := m.Get(k); key != nil && key.Value != nil && key.Value.Kind == yaml.ScalarNode {
			out = append(out, PromptField{Key: k, Node: key.Value, Value: key.Value.Value})
		}
	}
	if n := m.Lookup("metadata", "short-description"); n != nil && n.Kind == yaml.ScalarNode {
		out = append(out, PromptField{Key: "metadata.short-description", Node: n, Value: n.Value})
	}
	return out
}

// PromptField is a frontmatter string value that reaches the agent's
// prompt, with its key and node for positions.
type PromptField struct {
	Key   string
	Node  *yaml.Node
	Value string
}

// WalkFrontmatter calls fn for every scalar under n with the chain of mapping
// keys leading to it and the mapping that holds it (nil in sequences).
func WalkFrontmatter(n *yaml.Node, path []string, parent *yaml.Node, depth int, fn func(path []string, parent, v *yaml.Node)) {
	if n == nil || depth > 64 {
		return
	}
	switch n.Kind {
	case yaml.DocumentNode, yaml.SequenceNode:
		for _, c := range n.Content {
			WalkFrontmatter(c, path, nil, depth+1, fn)
		}
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			WalkFrontmatter(n.Content[i+1], append(path[:len(path):len(path)], n.Content[i].Value), n, depth+1, fn)
		}
	case yaml.ScalarNode:
		fn(path, parent, n)
	}
}

// AllowedToolsKeys returns the allowed-tools keys of a manifest, in the
// spellings agents accept.
func AllowedToolsKeys(m *skill.Manifest) []*skill.Key {
	var out []*skill.Key
	for _, name := range []string{"allowed-tools", "allowed_tools", "allowedTools"} {
		if k := m.Get(name); k != nil && k.Value != nil {
			out = append(out, k)
		}
	}
	return out
}

// AllowedToolsItems returns the entries of an allowed-tools key: the
// string itself, or the items of a list.
func AllowedToolsItems(k *skill.Key) []*yaml.Node {
	switch k.Value.Kind {
	case yaml.ScalarNode:
		return []*yaml.Node{k.Value}
	case yaml.SequenceNode:
		return k.Value.Content
	}
	return nil
}
