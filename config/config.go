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
	"strconv"
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
	// ExcludeRules turns rules off for some paths: their findings there
	// are reported as suppressed, with the entry's reason.
	ExcludeRules []ExcludeRule `yaml:"exclude-rules"`
	Report       Report        `yaml:"report"`
	// Provenance configures signature checks: trust anchors and which
	// skills must be signed.
	Provenance Provenance `yaml:"provenance"`

	// Path is the file the config was read from ("" for defaults).
	Path string `yaml:"-"`

	root *yaml.Node // the parsed document, for error lines
}

// Rules selects rules and adjusts severities.
type Rules struct {
	Enable   []string          `yaml:"enable"`
	Disable  []string          `yaml:"disable"`
	Severity map[string]string `yaml:"severity"`
}

// ExcludeRule suppresses the findings of some rules in some files.
type ExcludeRule struct {
	// Paths are globs like exclude's, matched against each finding's file.
	Paths  []string `yaml:"paths"`
	Rules  []string `yaml:"rules"`
	Reason string   `yaml:"reason"`

	line int
}

// Report sets what the text and markdown reports list (never what blocks).
type Report struct {
	// Severity is the lowest severity listed.
	Severity string `yaml:"severity"`
	// MaxPerRule lists at most this many non-blocking findings of one rule
	// (0: no cap); nil means the default.
	MaxPerRule *int `yaml:"max-per-rule"`
}

// Limits bound what is read and how long analysis may take.
type Limits struct {
	MaxFileBytes  int64         `yaml:"max-file-bytes"`
	MaxFiles      int           `yaml:"max-files"`
	MaxTotalBytes int64         `yaml:"max-total-bytes"`
	FileTimeout   time.Duration `yaml:"file-timeout"` // running time per file; see analyzer.Options
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
	// Locked admits only the skill versions recorded in the lock file
	// (skillvet lock); LockFile is that file, relative to this file's
	// directory (default skills.lock beside it).
	Locked   bool   `yaml:"locked"`
	LockFile string `yaml:"lock-file"`
}

// Provenance configures signature verification (docs/provenance.md).
type Provenance struct {
	// Anchors are the publishers trusted to sign skills, by name.
	Anchors map[string]AnchorConfig `yaml:"anchors"`
	// Policy rules say which skills must or should be signed; the first
	// rule that applies to a skill decides (none: off).
	Policy []PolicyRule `yaml:"policy"`
}

// AnchorConfig is one trust anchor.
type AnchorConfig struct {
	// Roots are PEM files of root certificates, relative to the config
	// file's directory.
	Roots []string `yaml:"roots"`
	// Identity constrains the signing certificate (* matches any run of
	// characters); empty fields match anything.
	Identity IdentityConfig `yaml:"identity"`
}

// IdentityConfig is what a signing certificate must name.
type IdentityConfig struct {
	CommonName         string `yaml:"common-name"`
	Organization       string `yaml:"organization"`
	OrganizationalUnit string `yaml:"organizational-unit"`
	Email              string `yaml:"email"`
	URI                string `yaml:"uri"`
}

// PolicyRule is one provenance.policy entry.
type PolicyRule struct {
	// Name is a glob on skill names; Source a source kind (user, managed,
	// bundled, extra, workspace) or a directory (relative to the config
	// file's directory) holding the skills. Neither: every skill.
	Name   string `yaml:"name"`
	Source string `yaml:"source"`
	// Signature is require, prefer or off.
	Signature string `yaml:"signature"`
	// Anchor, when set, accepts only a signature by that anchor.
	Anchor string `yaml:"anchor"`
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
	var root yaml.Node
	if err := yaml.Unmarshal(b, &root); err == nil && len(root.Content) > 0 {
		c.root = root.Content[0]
	}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(c); err != nil && !errors.Is(err, io.EOF) {
		return nil, yamlErr(path, c.root, err)
	}
	// Keep entry lines for validation messages.
	for i := range c.CustomRules {
		c.CustomRules[i].line = c.line("custom-rules", strconv.Itoa(i))
	}
	for i := range c.ExcludeRules {
		c.ExcludeRules[i].line = c.line("exclude-rules", strconv.Itoa(i))
	}
	if err := c.validate(); err != nil {
		return nil, err
	}
	return c, nil
}

// line returns the line of the node at a key path (list indexes as
// numbers), or 0.
func (c *Config) line(keys ...string) int {
	n := c.root
	line := 0
	for _, k := range keys {
		if n == nil {
			return line
		}
		switch n.Kind {
		case yaml.MappingNode:
			var next *yaml.Node
			for i := 0; i+1 < len(n.Content); i += 2 {
				if n.Content[i].Value == k {
					line, next = n.Content[i].Line, n.Content[i+1]
				}
			}
			n = next
		case yaml.SequenceNode:
			i, err := strconv.Atoi(k)
			if err != nil || i < 0 || i >= len(n.Content) {
				return line
			}
			n = n.Content[i]
			line = n.Line
		default:
			return line
		}
	}
	return line
}

func (c *Config) validate() error {
	// bad reports a problem at the key path (its line when the file has
	// it); the message starts with the dotted key.
	bad := func(keys []string, format string, args ...any) error {
		name := ""
		for _, k := range keys {
			if _, err := strconv.Atoi(k); err == nil {
				name += "[" + k + "]"
			} else if name == "" {
				name = k
			} else {
				name += "." + k
			}
		}
		return &Error{Path: c.Path, Line: c.line(keys...), Msg: name + ": " + fmt.Sprintf(format, args...)}
	}
	at := func(keys ...string) []string { return keys }
	if c.Version != 0 && c.Version != 1 {
		return bad(at("version"), "%d is not supported (want 1)", c.Version)
	}
	if c.FailOn != "" {
		if _, err := analyzer.ParseSeverity(c.FailOn); err != nil {
			return bad(at("fail-on"), "%v", err)
		}
	}
	if c.Gate.Threshold != "" {
		if _, err := analyzer.ParseSeverity(c.Gate.Threshold); err != nil {
			return bad(at("gate", "threshold"), "%v", err)
		}
	}
	for id, s := range c.Rules.Severity {
		if _, err := analyzer.ParseSeverity(s); err != nil || s == "none" {
			return bad(at("rules", "severity", id), "%q is not a severity (want critical, high, medium, low or info)", s)
		}
	}
	for i, a := range c.Gate.Admit {
		if len(a.Hash) != 64 || strings.Trim(strings.ToLower(a.Hash), "0123456789abcdef") != "" {
			return bad(at("gate", "admit", strconv.Itoa(i), "hash"), "%q is not a SHA-256 content hash (see 'skillvet list --format json')", a.Hash)
		}
		if strings.TrimSpace(a.Reason) == "" {
			return bad(at("gate", "admit", strconv.Itoa(i)), "hash %s needs a reason", a.Hash[:12])
		}
	}
	for name, v := range c.Gate.Pin {
		if !slices.Contains(PinSources, v) && !filepath.IsAbs(v) {
			return bad(at("gate", "pin", name), "%q is neither a source (%s) nor an absolute directory", v, strings.Join(PinSources, ", "))
		}
	}
	for i, g := range c.Exclude {
		if !validGlob(g) {
			return bad(at("exclude", strconv.Itoa(i)), "bad glob %q", g)
		}
	}
	for i, x := range c.ExcludeRules {
		k := at("exclude-rules", strconv.Itoa(i))
		if len(x.Paths) == 0 || len(x.Rules) == 0 {
			return bad(k, "needs paths (globs) and rules (rule IDs)")
		}
		for _, g := range x.Paths {
			if !validGlob(g) {
				return bad(k, "bad glob %q", g)
			}
		}
	}
	if err := c.validateProvenance(bad); err != nil {
		return err
	}
	if c.Report.Severity != "" {
		if _, err := analyzer.ParseSeverity(c.Report.Severity); err != nil || strings.EqualFold(c.Report.Severity, "none") {
			return bad(at("report", "severity"), "%q is not a severity (want critical, high, medium, low or info)", c.Report.Severity)
		}
	}
	if c.Report.MaxPerRule != nil && *c.Report.MaxPerRule < 0 {
		return bad(at("report", "max-per-rule"), "must not be negative (0 lists every finding)")
	}
	for _, l := range []struct {
		key string
		neg bool
	}{{"max-file-bytes", c.Limits.MaxFileBytes < 0}, {"max-files", c.Limits.MaxFiles < 0},
		{"max-total-bytes", c.Limits.MaxTotalBytes < 0}, {"file-timeout", c.Limits.FileTimeout < 0}} {
		if l.neg {
			return bad(at("limits", l.key), "must not be negative")
		}
	}
	return nil
}

func validGlob(g string) bool {
	_, err := filepath.Match(strings.ReplaceAll(g, "**", "*"), "")
	return err == nil && g != ""
}

// CheckExcludeRules reports an exclude-rules entry naming a rule that is
// not known (a typo would silently exclude nothing) or one of the rules
// through which the scanner fails closed.
func (c *Config) CheckExcludeRules(known func(id string) bool, failClosed func(id string) bool) error {
	for i, x := range c.ExcludeRules {
		for _, id := range x.Rules {
			switch {
			case !known(strings.ToUpper(id)):
				return &Error{Path: c.Path, Line: x.line, Msg: fmt.Sprintf("exclude-rules[%d]: unknown rule %q (see 'skillvet rules')", i, id)}
			case failClosed(strings.ToUpper(id)):
				return &Error{Path: c.Path, Line: x.line, Msg: fmt.Sprintf("exclude-rules[%d]: rule %s is how the scanner fails closed and cannot be excluded", i, strings.ToUpper(id))}
			}
		}
	}
	return nil
}

// ExcludedRule returns the exclude-rules entry that covers rule in file
// (relative to the working directory, or absolute), or nil.
func (c *Config) ExcludedRule(rule, file string) *ExcludeRule {
	if len(c.ExcludeRules) == 0 {
		return nil
	}
	rel := c.relative(file)
	for i := range c.ExcludeRules {
		x := &c.ExcludeRules[i]
		hit := false
		for _, id := range x.Rules {
			hit = hit || strings.EqualFold(id, rule)
		}
		if !hit {
			continue
		}
		for _, g := range x.Paths {
			if MatchGlob(g, rel) {
				return x
			}
		}
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
	rel := c.relative(path)
	for _, g := range c.Exclude {
		if MatchGlob(g, rel) {
			return true
		}
	}
	return false
}

// relative makes path relative to the config file's directory, slash
// separated.
func (c *Config) relative(path string) string {
	rel := path
	if c.Path != "" {
		base := filepath.Dir(c.Path)
		if abs, err := filepath.Abs(path); err == nil {
			if r, err := filepath.Rel(base, abs); err == nil {
				rel = r
			}
		}
	}
	return filepath.ToSlash(rel)
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
