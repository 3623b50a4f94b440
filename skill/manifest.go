package skill

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Limits on frontmatter, far above anything a real skill needs.
const (
	MaxFrontmatterBytes = 256 << 10
	MaxFrontmatterDepth = 64
	MaxYAMLAliases      = 64
)

// Manifest is SKILL.md's frontmatter: the YAML model with every key's line,
// unknown keys kept. All line numbers are lines of SKILL.md.
type Manifest struct {
	Present   bool // the file starts with a --- frontmatter block
	Closed    bool // the block has a closing --- line
	StartLine int  // line of the opening ---
	EndLine   int  // line of the closing --- (0 when not closed)
	BodyLine  int  // first line of the Markdown body
	BodyStart int  // byte offset of the body

	// Root is the top-level mapping, nil when the YAML did not parse or is
	// not a mapping. Node lines are already file lines.
	Root *yaml.Node
	Keys []Key

	// Err is set when the YAML could not be parsed even after repairs.
	Err *YAMLError
	// Repairs lists the sloppy lines that were quoted so the YAML parses
	// (unquoted ": " in a value is common in real skills).
	Repairs []Repair

	Name        string
	Description string
}

// Key is a top-level frontmatter key.
type Key struct {
	Name   string
	Line   int
	Column int
	Value  *yaml.Node
}

// YAMLError is a frontmatter parse error at a SKILL.md line.
type YAMLError struct {
	Line int
	Msg  string
	// OverLimit says the frontmatter was not parsed at all because it is
	// over a size, nesting or alias limit: its content was not analysed.
	OverLimit bool
}

func (e *YAMLError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

// Repair records a frontmatter line that only parses when quoted.
type Repair struct {
	Line int
	Key  string
}

// Get returns the top-level key named name, or nil.
func (m *Manifest) Get(name string) *Key {
	for i := range m.Keys {
		if m.Keys[i].Name == name {
			return &m.Keys[i]
		}
	}
	return nil
}

// Lookup follows a path of mapping keys from the root and returns the value
// node, or nil. Aliases are resolved one level only.
func (m *Manifest) Lookup(path ...string) *yaml.Node {
	n := m.Root
	for _, p := range path {
		n = MapValue(n, p)
		if n == nil {
			return nil
		}
	}
	return n
}

// MapValue returns the value for key in mapping node n, or nil.
func MapValue(n *yaml.Node, key string) *yaml.Node {
	if n != nil && n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			v := n.Content[i+1]
			if v.Kind == yaml.AliasNode && v.Alias != nil {
				v = v.Alias
			}
			return v
		}
	}
	return nil
}

var bom = []byte("\xef\xbb\xbf")

// ParseManifest splits the frontmatter from SKILL.md content and parses it.
// It never fails: problems are recorded in the Manifest.
func ParseManifest(content []byte) *Manifest {
	m := &Manifest{BodyLine: 1}
	c := bytes.TrimPrefix(content, bom)
	skip := len(content) - len(c)
	first, rest, _ := bytes.Cut(c, []byte("\n"))
	if string(bytes.TrimRight(first, " \t\r")) != "---" {
		return m
	}
	m.Present, m.StartLine = true, 1
	off := skip + len(first) + 1
	line := 2
	yamlStart := off
	for len(rest) > 0 || off <= len(content) {
		l, r, found := bytes.Cut(rest, []byte("\n"))
		t := string(bytes.TrimRight(l, " \t\r"))
		if t == "---" || t == "..." {
			m.Closed, m.EndLine = true, line
			m.BodyLine = line + 1
			m.BodyStart = off + len(l)
			if found {
				m.BodyStart++
			}
			m.parseYAML(content[yamlStart:off], 1)
			return m
		}
		if !found {
			break
		}
		off += len(l) + 1
		rest = r
		line++
	}
	// No closing delimiter: the whole file is frontmatter, and the skill has
	// no body. Report it as an error at the opening line.
	m.Err = &YAMLError{Line: 1, Msg: "frontmatter has no closing --- line"}
	m.BodyStart = len(content)
	m.BodyLine = line + 1
	return m
}

var yamlLineRx = regexp.MustCompile(`line (\d+)`)

// parseYAML parses src whose first line is SKILL.md line m.StartLine+first.
func (m *Manifest) parseYAML(src []byte, _ int) {
	base := m.StartLine // yaml line 1 is file line base+1
	if len(src) > MaxFrontmatterBytes {
		m.Err = &YAMLError{Line: base + 1, Msg: fmt.Sprintf("frontmatter is %d bytes, over the %d-byte limit", len(src), MaxFrontmatterBytes), OverLimit: true}
		return
	}
	if d := nestingDepth(src); d > MaxFrontmatterDepth {
		m.Err = &YAMLError{Line: base + 1, Msg: fmt.Sprintf("frontmatter nests %d levels deep, over the limit of %d", d, MaxFrontmatterDepth), OverLimit: true}
		return
	}
	doc, err := parseNode(src)
	if err != nil {
		fixed, repairs := repairYAML(src)
		if len(repairs) > 0 {
			if doc2, err2 := parseNode(fixed); err2 == nil {
				doc, err = doc2, nil
				for _, r := range repairs {
					m.Repairs = append(m.Repairs, Repair{Line: r.Line + base, Key: r.Key})
				}
			}
		}
	}
	if err != nil {
		m.Err = yamlError(err, base)
		return
	}
	if doc == nil || len(doc.Content) == 0 {
		return // empty frontmatter
	}
	root := doc.Content[0]
	shiftLines(root, base, 0)
	if n := countAliases(root, 0); n > MaxYAMLAliases {
		m.Err = &YAMLError{Line: root.Line, Msg: fmt.Sprintf("frontmatter uses %d YAML aliases, over the limit of %d", n, MaxYAMLAliases), OverLimit: true}
		return
	}
	if root.Kind != yaml.MappingNode {
		m.Err = &YAMLError{Line: root.Line, Msg: "frontmatter is not a mapping of keys to values"}
		return
	}
	m.Root = root
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		m.Keys = append(m.Keys, Key{Name: k.Value, Line: k.Line, Column: k.Column, Value: v})
	}
	if k := m.Get("name"); k != nil && k.Value.Kind == yaml.ScalarNode {
		m.Name = k.Value.Value
	}
	if k := m.Get("description"); k != nil && k.Value.Kind == yaml.ScalarNode {
		m.Description = k.Value.Value
	}
}

func parseNode(src []byte) (doc *yaml.Node, err error) {
	defer func() {
		if r := recover(); r != nil {
			doc, err = nil, fmt.Errorf("yaml parser failed: %v", r)
		}
	}()
	var n yaml.Node
	if err := yaml.Unmarshal(src, &n); err != nil {
		return nil, err
	}
	return &n, nil
}

func yamlError(err error, base int) *YAMLError {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := base + 1
	if sm := yamlLineRx.FindStringSubmatch(msg); sm != nil {
		if n, e := strconv.Atoi(sm[1]); e == nil {
			line = base + n
			msg = strings.TrimSpace(strings.TrimPrefix(strings.Replace(msg, sm[0], "", 1), ":"))
			if yamlParserProblems[msg] {
				line++ // yaml.v3 reports parser (not scanner) errors with a 0-based line
			}
		}
	}
	return &YAMLError{Line: line, Msg: msg}
}

// yamlParserProblems are the problems yaml.v3's parser (as opposed to its
// scanner) reports; its error message gives their line 0-based.
var yamlParserProblems = map[string]bool{
	"did not find expected key":              true,
	"did not find expected node content":     true,
	"did not find expected '-' indicator":    true,
	"did not find expected ',' or ']'":       true,
	"did not find expected ',' or '}'":       true,
	"did not find expected <document start>": true,
	"found undefined tag handle":             true,
	"found duplicate %TAG directive":         true,
	"found duplicate %YAML directive":        true,
	"found incompatible YAML document":       true,
}

func shiftLines(n *yaml.Node, base, depth int) {
	if n == nil || depth > MaxFrontmatterDepth*2 {
		return
	}
	n.Line += base
	if n.Kind == yaml.AliasNode {
		return
	}
	for _, c := range n.Content {
		shiftLines(c, base, depth+1)
	}
}

func countAliases(n *yaml.Node, depth int) int {
	if n == nil || depth > MaxFrontmatterDepth*2 {
		return 0
	}
	if n.Kind == yaml.AliasNode {
		return 1
	}
	c := 0
	for _, ch := range n.Content {
		c += countAliases(ch, depth+1)
	}
	return c
}

// nestingDepth estimates the nesting of YAML text from flow brackets and
// indentation, without parsing, so pathological input never reaches the
// parser.
func nestingDepth(src []byte) int {
	maxd, flow := 0, 0
	for _, line := range bytes.Split(src, []byte("\n")) {
		indent := 0
		for indent < len(line) && (line[indent] == ' ' || line[indent] == '-') {
			indent++
		}
		if d := indent/2 + flow; d > maxd {
			maxd = d
		}
		for _, c := range line {
			switch c {
			case '[', '{':
				flow++
				if flow > maxd {
					maxd = flow
				}
			case ']', '}':
				if flow > 0 {
					flow--
				}
			}
		}
	}
	return maxd
}

var sloppyLine = regexp.MustCompile(`^([A-Za-z0-9_-]+):[ \t]+(.*\S)[ \t]*\r?$`)

type lineRepair struct {
	Line int
	Key  string
}

// repairYAML quotes top-level values that contain ": " (or end in ":") and
// are not already quoted or structured: the commonest reason real skills'
// YAML fails. A " #" alone never breaks the parse (it starts a comment), so
// such lines are left alone: quoting them would pull the comment into the
// value and report a line that was fine.
func repairYAML(src []byte) ([]byte, []lineRepair) {
	lines := bytes.Split(src, []byte("\n"))
	var reps []lineRepair
	for i, l := range lines {
		sm := sloppyLine.FindSubmatch(l)
		if sm == nil {
			continue
		}
		v := string(sm[2])
		switch v[0] {
		case '"', '\'', '[', '{', '|', '>', '&', '*', '!':
			continue
		}
		if !strings.Contains(v, ": ") && !strings.HasSuffix(v, ":") {
			continue
		}
		q := "'" + strings.ReplaceAll(v, "'", "''") + "'"
		lines[i] = []byte(string(sm[1]) + ": " + q)
		reps = append(reps, lineRepair{Line: i + 1, Key: string(sm[1])})
	}
	return bytes.Join(lines, []byte("\n")), reps
}
