package config

import (
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// sections names every struct of the configuration by its Go type name, so
// a decoding error can say where the bad key is and which keys are known
// there, in the file's own words rather than Go's.
var sections = map[string]struct {
	where string
	t     reflect.Type
}{
	"Config":         {"at the top level", reflect.TypeFor[Config]()},
	"Rules":          {"in rules", reflect.TypeFor[Rules]()},
	"Limits":         {"in limits", reflect.TypeFor[Limits]()},
	"Gate":           {"in gate", reflect.TypeFor[Gate]()},
	"Admission":      {"in a gate.admit entry", reflect.TypeFor[Admission]()},
	"CustomRule":     {"in a custom-rules entry", reflect.TypeFor[CustomRule]()},
	"ExcludeRule":    {"in an exclude-rules entry", reflect.TypeFor[ExcludeRule]()},
	"Report":         {"in report", reflect.TypeFor[Report]()},
	"Provenance":     {"in provenance", reflect.TypeFor[Provenance]()},
	"AnchorConfig":   {"in a provenance.anchors entry", reflect.TypeFor[AnchorConfig]()},
	"IdentityConfig": {"in an anchor's identity", reflect.TypeFor[IdentityConfig]()},
	"PolicyRule":     {"in a provenance.policy entry", reflect.TypeFor[PolicyRule]()},
}

// KnownKeys lists the keys of a configuration struct, in declaration order.
func KnownKeys(t reflect.Type) []string {
	var keys []string
	for i := 0; i < t.NumField(); i++ {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ",")
		if name != "" && name != "-" {
			keys = append(keys, name)
		}
	}
	return keys
}

var (
	unknownFieldRx = regexp.MustCompile(`^line (\d+): field (\S+) not found in type config\.(\w+)$`)
	cannotRx       = regexp.MustCompile("^line (\\d+): cannot unmarshal !!(\\w+)(?: `(.*)`)? into (.+)$")
	lineRx         = regexp.MustCompile(`^(?:yaml: )?line (\d+): (.*)$`)
)

// want describes a Go type of the configuration as the YAML it expects.
func want(goType string) string {
	switch {
	case goType == "int" || goType == "int64":
		return "a whole number"
	case goType == "string":
		return "a string"
	case goType == "time.Duration":
		return "a duration such as 30s or 2m"
	case strings.HasPrefix(goType, "[]"):
		return "a list"
	case strings.HasPrefix(goType, "map[") || strings.HasPrefix(goType, "config."):
		return "a mapping (key: value lines)"
	case goType == "*int":
		return "a whole number"
	}
	return goType
}

var yamlKinds = map[string]string{"str": "a string", "int": "a number", "float": "a number", "bool": "true or false",
	"seq": "a list", "map": "a mapping", "null": "nothing", "timestamp": "a date"}

// yamlErr turns a YAML decoding error into an Error that names the key,
// its line and, for an unknown key, the keys known in that place.
func yamlErr(path string, root *yaml.Node, err error) error {
	var msgs []string
	var te *yaml.TypeError
	if errors.As(err, &te) && len(te.Errors) > 0 {
		msgs = te.Errors
	} else {
		msgs = []string{strings.TrimPrefix(err.Error(), "yaml: ")}
	}
	// The first problem, in words; more are counted.
	m := msgs[0]
	line := 0
	var msg string
	if g := unknownFieldRx.FindStringSubmatch(m); g != nil {
		line, _ = strconv.Atoi(g[1])
		sec, ok := sections[g[3]]
		if !ok {
			msg = fmt.Sprintf("unknown key %q", g[2])
		} else {
			keys := KnownKeys(sec.t)
			msg = fmt.Sprintf("unknown key %q %s", g[2], sec.where)
			if near := nearest(g[2], keys); near != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", near)
			}
			msg += "; known keys: " + strings.Join(keys, ", ")
		}
	} else if g := cannotRx.FindStringSubmatch(m); g != nil {
		line, _ = strconv.Atoi(g[1])
		key := keyAt(root, line)
		got := yamlKinds[g[2]]
		if got == "" {
			got = g[2]
		}
		if g[3] != "" {
			got += " " + strconv.Quote(g[3])
		}
		msg = fmt.Sprintf("want %s, got %s", want(g[4]), got)
		if key != "" {
			msg = key + ": " + msg
		}
	} else if g := lineRx.FindStringSubmatch(m); g != nil {
		line, _ = strconv.Atoi(g[1])
		msg = "not valid YAML: " + g[2]
	} else {
		msg = m
	}
	if len(msgs) > 1 {
		msg += fmt.Sprintf(" (and %d more problem(s))", len(msgs)-1)
	}
	return &Error{Path: path, Line: line, Msg: msg}
}

// keyAt returns the dotted path of the key whose value starts at line
// (list items as [i]), or "".
func keyAt(root *yaml.Node, line int) string {
	var found string
	var walk func(n *yaml.Node, prefix string)
	walk = func(n *yaml.Node, prefix string) {
		if n == nil || found != "" {
			return
		}
		switch n.Kind {
		case yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				k, v := n.Content[i], n.Content[i+1]
				p := k.Value
				if prefix != "" {
					p = prefix + "." + k.Value
				}
				if k.Line == line || v.Line == line && v.Kind != yaml.MappingNode {
					found = p
					return
				}
				walk(v, p)
			}
		case yaml.SequenceNode:
			for i, v := range n.Content {
				walk(v, fmt.Sprintf("%s[%d]", prefix, i))
			}
		}
	}
	walk(root, "")
	return found
}

// nearest returns the known key closest to s when it is a plausible typo
// (at most two edits, or a prefix), else "".
func nearest(s string, keys []string) string {
	best, bestD := "", 3
	sorted := append([]string(nil), keys...)
	sort.Strings(sorted)
	for _, k := range sorted {
		if d := editDistance(s, k); d < bestD {
			best, bestD = k, d
		}
	}
	return best
}

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
