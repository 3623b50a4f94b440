package loader

import (
	"fmt"
	"os"
	"os/exec"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/skillvet/skillvet/skill"
)

// AgentMeta is the agent-specific part of a skill's frontmatter:
// metadata.openclaw (or the legacy metadata.clawdbot).
type AgentMeta struct {
	OS         []string      `yaml:"os" json:"os,omitempty"`
	Always     bool          `yaml:"always" json:"always,omitempty"`
	PrimaryEnv string        `yaml:"primaryEnv" json:"primaryEnv,omitempty"`
	Requires   Requirements  `yaml:"requires" json:"requires"`
	Install    []InstallHint `yaml:"install" json:"install,omitempty"`
}

// Requirements are what a skill needs from the machine.
type Requirements struct {
	Bins    []string `yaml:"bins" json:"bins,omitempty"`       // every one on PATH
	AnyBins []string `yaml:"anyBins" json:"anyBins,omitempty"` // at least one on PATH
	Env     []string `yaml:"env" json:"env,omitempty"`         // every one set
	Config  []string `yaml:"config" json:"config,omitempty"`   // every path truthy
}

// InstallHint is one way to install what a skill needs.
type InstallHint struct {
	ID      string   `yaml:"id" json:"id,omitempty"`
	Kind    string   `yaml:"kind" json:"kind,omitempty"` // brew, node, go, uv, download, …
	Label   string   `yaml:"label" json:"label,omitempty"`
	Formula string   `yaml:"formula" json:"formula,omitempty"`
	Package string   `yaml:"package" json:"package,omitempty"`
	Module  string   `yaml:"module" json:"module,omitempty"`
	URL     string   `yaml:"url" json:"url,omitempty"`
	Bins    []string `yaml:"bins" json:"bins,omitempty"`
}

// String renders the hint as the command or action it stands for.
func (h InstallHint) String() string {
	var s string
	switch strings.ToLower(h.Kind) {
	case "brew":
		s = "brew install " + h.Formula
	case "node", "npm":
		s = "npm install -g " + h.Package
	case "go":
		s = "go install " + h.Module
	case "uv":
		s = "uv tool install " + h.Package
	case "download":
		s = "download " + h.URL
	default:
		s = strings.TrimSpace(h.Kind + " " + h.Formula + h.Package + h.Module + h.URL)
	}
	if h.Label != "" {
		s = h.Label + " (" + s + ")"
	}
	return stripControls(s)
}

// ReadAgentMeta reads metadata.openclaw, falling back to metadata.clawdbot.
// metadata may be a mapping or a string holding JSON. It returns nil, nil
// when the skill declares neither.
func ReadAgentMeta(m *skill.Manifest) (*AgentMeta, error) {
	md := m.Lookup("metadata")
	if md == nil {
		return nil, nil
	}
	if md.Kind == yaml.ScalarNode && strings.HasPrefix(strings.TrimSpace(md.Value), "{") {
		var doc yaml.Node
		if err := yaml.Unmarshal([]byte(md.Value), &doc); err != nil || len(doc.Content) == 0 {
			return nil, fmt.Errorf("metadata is a string that does not parse: %v", err)
		}
		md = doc.Content[0]
	}
	key := "openclaw"
	n := skill.MapValue(md, key)
	if n == nil {
		key = "clawdbot"
		n = skill.MapValue(md, key)
	}
	if n == nil {
		return nil, nil
	}
	var am AgentMeta
	if err := n.Decode(&am); err != nil {
		return nil, fmt.Errorf("metadata.%s is malformed: %s", key, strings.TrimPrefix(err.Error(), "yaml: "))
	}
	return &am, nil
}

// EligibilityEnv is what eligibility is checked against.
type EligibilityEnv struct {
	Platform string                       // darwin, linux, win32
	LookPath func(string) (string, error) // nil: exec.LookPath
	Getenv   func(string) string          // nil: os.Getenv
	Config   map[string]any
	Skill    SkillConfig // the skill's own configuration (env, apiKey)
}

// Eligibility says whether a skill can run here, and if not, why.
type Eligibility struct {
	Eligible bool       `json:"eligible"`
	Reasons  []string   `json:"reasons,omitempty"`
	Meta     *AgentMeta `json:"meta,omitempty"`
}

// CheckEligibility evaluates a skill's metadata.openclaw requirements:
// os must list the platform; every requires.bins on PATH; at least one of
// requires.anyBins; every requires.env set (or supplied by the skill's
// config env, or primaryEnv by its apiKey); every requires.config path
// truthy. always: true skips the requirements but not os. Malformed
// metadata makes the skill ineligible.
func CheckEligibility(s *skill.Skill, env EligibilityEnv) Eligibility {
	if env.LookPath == nil {
		env.LookPath = exec.LookPath
	}
	if env.Getenv == nil {
		env.Getenv = os.Getenv
	}
	am, err := ReadAgentMeta(s.Manifest)
	if err != nil {
		return Eligibility{Reasons: []string{err.Error()}}
	}
	el := Eligibility{Eligible: true, Meta: am}
	if am == nil {
		return el
	}
	fail := func(format string, args ...any) {
		el.Eligible = false
		el.Reasons = append(el.Reasons, stripControls(fmt.Sprintf(format, args...)))
	}
	if len(am.OS) > 0 && !containsOS(am.OS, env.Platform) {
		fail("requires os %s (this is %s)", strings.Join(am.OS, ", "), env.Platform)
	}
	if am.Always {
		return el
	}
	for _, b := range am.Requires.Bins {
		if _, err := env.LookPath(b); err != nil {
			fail("requires binary %q on PATH%s", b, am.hints(b))
		}
	}
	if len(am.Requires.AnyBins) > 0 {
		found := false
		for _, b := range am.Requires.AnyBins {
			if _, err := env.LookPath(b); err == nil {
				found = true
				break
			}
		}
		if !found {
			fail("requires one of %s on PATH%s", strings.Join(am.Requires.AnyBins, ", "), am.hints(am.Requires.AnyBins...))
		}
	}
	for _, v := range am.Requires.Env {
		switch {
		case env.Getenv(v) != "":
		case env.Skill.Env[v] != "":
		case v == am.PrimaryEnv && env.Skill.APIKey != "":
		default:
			fail("requires environment variable %s (set it, or supply it in the skill's config env%s)", v, apiKeyHint(v, am.PrimaryEnv))
		}
	}
	for _, p := range am.Requires.Config {
		if !truthy(lookupConfig(env.Config, p)) {
			fail("requires config %s to be set", p)
		}
	}
	return el
}

func apiKeyHint(v, primary string) string {
	if v == primary {
		return " or apiKey"
	}
	return ""
}

// hints lists the install hints that provide any of bins (hints that name
// no bins count for all).
func (am *AgentMeta) hints(bins ...string) string {
	var out []string
	for _, h := range am.Install {
		if len(h.Bins) == 0 || overlaps(h.Bins, bins) {
			out = append(out, h.String())
		}
	}
	if len(out) == 0 {
		return ""
	}
	return "; install: " + strings.Join(out, " | ")
}

func overlaps(a, b []string) bool {
	for _, x := range a {
		for _, y := range b {
			if x == y {
				return true
			}
		}
	}
	return false
}

func containsOS(list []string, platform string) bool {
	norm := func(s string) string {
		switch s = strings.ToLower(strings.TrimSpace(s)); s {
		case "macos", "mac", "osx":
			return "darwin"
		case "windows", "win":
			return "win32"
		}
		return s
	}
	for _, o := range list {
		if norm(o) == norm(platform) {
			return true
		}
	}
	return false
}

// lookupConfig follows a dotted path through nested maps.
func lookupConfig(cfg map[string]any, p string) any {
	var cur any = cfg
	for _, part := range strings.Split(p, ".") {
		switch m := cur.(type) {
		case map[string]any:
			cur = m[part]
		default:
			return nil
		}
	}
	return cur
}

func truthy(v any) bool {
	switch x := v.(type) {
	case nil:
		return false
	case bool:
		return x
	case string:
		return x != ""
	case int:
		return x != 0
	case int64:
		return x != 0
	case float64:
		return x != 0
	case []any:
		return len(x) > 0
	case map[string]any:
		return len(x) > 0
	}
	return true
}
