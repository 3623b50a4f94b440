// Package config reads .skillvet.yaml, found by walking up from the scan
// root or given with --config. Unknown keys are errors with their line, so
// a typo cannot silently turn a check off.
package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/skill"
)

// FileName is the configuration file looked for.
const FileName = ".skillvet.yaml"

// Config is the content of .skillvet.yaml.
type Config struct {
	Version int    `yaml:"version"`
	FailOn  string `yaml:"fail-on"`
	// FailOnLint makes lint findings at or above fail-on block the scan.
	FailOnLint bool  `yaml:"fail-on-lint"`
	Jobs       int   `yaml:"jobs"`
	Rules      Rules `yaml:"rules"`
	// Exclude lists globs (relative to the config file's directory, slash
	// separated, ** allowed) of skill directories or files not to scan.
	Exclude      []string     `yaml:"exclude"`
	Limits       Limits       `yaml:"limits"`
	AllowedHosts []string     `yaml:"allowed-hosts"`
	Gate         Gate         `yaml:"gate"`
	CustomRules  []CustomRule `yaml:"custom-rules"`

	// Path is the file the config was read from ("" for defaults).
	Path string `yaml:"-"`
}

// Rules selects rules and adjusts severities.
type Rules struct {
	Enable   []string          `yaml:"enable"`
	Disable  []string          `yaml:"disable"`
	Severity map[string]string `yaml:"severity"`
}

// Limits bound what is read and how long analysis may take.
type Limits struct {
	MaxFileBytes  int64         `yaml:"max-file-bytes"`
	MaxFiles      int           `yaml:"max-files"`
	MaxTotalBytes int64         `yaml:"max-total-bytes"`
	FileTimeout   time.Duration `yaml:"file-timeout"`
}

// Gate configures the gated loader.
type Gate struct {
	Threshold string `yaml:"threshold"`
	// Admit lists skill versions admitted despite findings, by content
	// hash, with a reason. Never by name: a later update is gated again.
	Admit []Admission `yaml:"admit"`
	// Pin ties skill names to a source: a source kind (user, managed,
	// bundled, extra, workspace) or an absolute directory. A skill of a
	// pinned name from anywhere else is kept out.
	Pin map[string]string `yaml:"pin"`
}

// PinSources are the source kinds a pin may name.
var PinSources = []string{"user", "managed", "bundled", "extra", "workspace"}

// Admission admits one exact skill version.
type Admission struct {
	Hash   string `yaml:"hash"`
	Reason string `yaml:"reason"`
}

// CustomRule is a rule declared in configuration (see custom.go).
type CustomRule struct {
	ID       string   `yaml:"id"`
	Title    string   `yaml:"title"`
	Severity string   `yaml:"severity"`
	Category string   `yaml:"category"`
	Message  string   `yaml:"message"`
	Doc      string   `yaml:"doc"`
	In       string   `yaml:"in"`
	Keywords []string `yaml:"keywords"`
	Regex    []string `yaml:"regex"`
	Paths    []string `yaml:"paths"`

	line int
}

// Error is a configuration error at a line of the file.
type Error struct {
	Path string
	Line int
	Msg  string
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.Path, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.Path, e.Msg)
}

// Find walks up from dir to the filesystem root looking for .skillvet.yaml.
// It returns "" when there is none.
func Find(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	if st, err := os.Stat(abs); err == nil && !st.IsDir() {
		abs = filepath.Dir(abs)
	}
	for {
		p := filepath.Join(abs, FileName)
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
			return p
		}
		parent := filepath.Dir(abs)
		if parent == abs {
			return ""
		}
		abs = parent
	}
}

// FindAbove is Find for a gate that guards against the skills of a
// workspace: it skips every file the workspace itself supplies, those in
// dir and its ancestors up to the root of the git repository that holds
// dir (a cloned repository's own configuration could lower the threshold
// or admit its own skills), and returns the nearest one above. skipped is
// the nearest file it passed over ("" when none).
func FindAbove(dir string) (found, skipped string) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", ""
	}
	top := abs // the workspace's extent: its repository's root, else itself
	for p := abs; ; p = filepath.Dir(p) {
		if _, err := os.Lstat(filepath.Join(p, ".git")); err == nil {
			top = p
			break
		}
		if filepath.Dir(p) == p {
			break
		}
	}
	for p := abs; ; p = filepath.Dir(p) {
		c := filepath.Join(p, FileName)
		if st, err := os.Stat(c); err == nil && st.Mode().IsRegular() {
			skipped = c
			break
		}
		if p == top {
			break
		}
	}
	if parent := filepath.Dir(top); parent != top {
		found = Find(parent)
	}
	return found, skipped
}

// Load reads and validates a config file.
func Load(path string) (*Config, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, b)
}

// Parse decodes and validates config content.
func Parse(path string, b []byte) (*Config, error) {
	c := &Config{Path: path}
	if len(bytes.TrimSpace(b)) == 0 {
		return c, nil
	}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(c); err != nil && !errors.Is(err, io.EOF) {
		return nil, yamlErr(path, err)
	}
	// Keep custom-rule lines for validation messages.
	var root yaml.Node
	if err := yaml.Unmarshal(b, &root); err == nil && len(root.Content) > 0 {
		if cr := skill.MapValue(root.Content[0], "custom-rules"); cr != nil && cr.Kind == yaml.SequenceNode {
			for i, n := range cr.Content {
				if i < len(c.CustomRules) {
					c.CustomRules[i].line = n.Line
				}
			}
		}
	}
	if err := c.validate(); err != nil {
		return nil, err
	}
	return c, nil
}

func yamlErr(path string, err error) error {
	var te *yaml.TypeError
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	if errors.As(err, &te) && len(te.Errors) > 0 {
		msg = strings.Join(te.Errors, "; ")
	}
	line := 0
	fmt.Sscanf(msg, "line %d:", &line)
	if line > 0 {
		msg = strings.TrimSpace(msg[strings.Index(msg, ":")+1:])
	}
	return &Error{Path: path, Line: line, Msg: msg}
}

func (c *Config) validate() error {
	bad := func(format string, args ...any) error {
		return &Error{Path: c.Path, Msg: fmt.Sprintf(format, args...)}
	}
	if c.Version != 0 && c.Version != 1 {
		return bad("version %d is not supported (want 1)", c.Version)
	}
	if c.FailOn != "" {
		if _, err := analyzer.ParseSeverity(c.FailOn); err != nil {
			return bad("fail-on: %v", err)
		}
	}
	if c.Gate.Threshold != "" {
		if _, err := analyzer.ParseSeverity(c.Gate.Threshold); err != nil {
			return bad("gate.threshold: %v", err)
		}
	}
	for id, s := range c.Rules.Severity {
		if _, err := analyzer.ParseSeverity(s); err != nil || s == "none" {
			return bad("rules.severity.%s: %q is not a severity", id, s)
		}
	}
	for _, a := range c.Gate.Admit {
		if len(a.Hash) != 64 || strings.Trim(strings.ToLower(a.Hash), "0123456789abcdef") != "" {
			return bad("gate.admit: %q is not a SHA-256 content hash (see 'skillvet list --format json')", a.Hash)
		}
		if strings.TrimSpace(a.Reason) == "" {
			return bad("gate.admit: hash %s needs a reason", a.Hash[:12])
		}
	}
	for name, v := range c.Gate.Pin {
		if !slices.Contains(PinSources, v) && !filepath.IsAbs(v) {
			return bad("gate.pin.%s: %q is neither a source (%s) nor an absolute directory", name, v, strings.Join(PinSources, ", "))
		}
	}
	for _, g := range c.Exclude {
		if _, err := filepath.Match(strings.ReplaceAll(g, "**", "*"), ""); err != nil {
			return bad("exclude: bad glob %q", g)
		}
	}
	if c.Limits.MaxFileBytes < 0 || c.Limits.MaxFiles < 0 || c.Limits.MaxTotalBytes < 0 || c.Limits.FileTimeout < 0 {
		return bad("limits must not be negative")
	}
	return nil
}

// SkillLimits returns the configured limits over the defaults.
func (c *Config) SkillLimits() skill.Limits {
	l := skill.DefaultLimits
	if c.Limits.MaxFileBytes > 0 {
		l.MaxFileBytes = c.Limits.MaxFileBytes
	}
	if c.Limits.MaxFiles > 0 {
		l.MaxFiles = c.Limits.MaxFiles
	}
	if c.Limits.MaxTotalBytes > 0 {
		l.MaxTotalBytes = c.Limits.MaxTotalBytes
	}
	return l
}

// SeverityOverrides parses rules.severity.
func (c *Config) SeverityOverrides() map[string]analyzer.Severity {
	out := map[string]analyzer.Severity{}
	for id, s := range c.Rules.Severity {
		sev, _ := analyzer.ParseSeverity(s)
		out[strings.ToUpper(id)] = sev
	}
	return out
}

// Excluded reports whether path (relative to the config directory, or
// absolute) matches an exclude glob.
func (c *Config) Excluded(path string) bool {
	if len(c.Exclude) == 0 {
		return false
	}
	rel := path
	if c.Path != "" {
		base := filepath.Dir(c.Path)
		if abs, err := filepath.Abs(path); err == nil {
			if r, err := filepath.Rel(base, abs); err == nil {
				rel = r
			}
		}
	}
	rel = filepath.ToSlash(rel)
	for _, g := range c.Exclude {
		if MatchGlob(g, rel) {
			return true
		}
	}
	return false
}

// MatchGlob matches a slash path against a glob where ** spans directories
// and a pattern also matches everything below a matching directory.
func MatchGlob(pattern, p string) bool {
	pattern = strings.TrimSuffix(pattern, "/")
	pp := strings.Split(pattern, "/")
	sp := strings.Split(p, "/")
	return matchParts(pp, sp)
}

func matchParts(pp, sp []string) bool {
	if len(pp) == 0 {
		return true // a matching prefix directory covers what is below it
	}
	if pp[0] == "**" {
		for i := 0; i <= len(sp); i++ {
			if matchParts(pp[1:], sp[i:]) {
				return true
			}
		}
		return false
	}
	if len(sp) == 0 {
		return false
	}
	if ok, _ := filepath.Match(pp[0], sp[0]); !ok {
		return false
	}
	return matchParts(pp[1:], sp[1:])
}
