package config

import (
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/skillvet/skillvet/provenance"
)

var anchorNameRx = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]*$`)

// validateProvenance checks provenance and its references between
// anchors and policy rules (reading the root certificates is Anchors').
func (c *Config) validateProvenance(bad func(keys []string, format string, args ...any) error) error {
	at := func(keys ...string) []string { return keys }
	for _, name := range c.anchorNames() {
		a := c.Provenance.Anchors[name]
		if !anchorNameRx.MatchString(name) {
			return bad(at("provenance", "anchors", name), "anchor name %q: use letters, digits, dots, hyphens and underscores", name)
		}
		if len(a.Roots) == 0 {
			return bad(at("provenance", "anchors", name), "needs roots: the PEM file(s) of the publisher's root certificate(s)")
		}
		for i, r := range a.Roots {
			if strings.TrimSpace(r) == "" {
				return bad(at("provenance", "anchors", name, "roots", strconv.Itoa(i)), "empty file name")
			}
		}
	}
	for i, r := range c.Provenance.Policy {
		k := at("provenance", "policy", strconv.Itoa(i))
		if r.Signature == "" {
			return bad(k, "needs signature: require, prefer or off")
		}
		if err := c.policyRule(r).Validate(); err != nil {
			return bad(k, "%v", err)
		}
		if r.Anchor != "" {
			if _, ok := c.Provenance.Anchors[r.Anchor]; !ok {
				return bad(append(k, "anchor"), "no trust anchor %q in provenance.anchors (known: %s)", r.Anchor, knownOrNone(c.anchorNames()))
			}
		}
		if r.Signature != string(provenance.ModeOff) && len(c.Provenance.Anchors) == 0 {
			return bad(k, "signature: %s needs a trust anchor to verify against; add one under provenance.anchors", r.Signature)
		}
	}
	return nil
}

func knownOrNone(xs []string) string {
	if len(xs) == 0 {
		return "none"
	}
	return strings.Join(xs, ", ")
}

func (c *Config) anchorNames() []string {
	var out []string
	for n := range c.Provenance.Anchors {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// dir is the config file's directory ("." for defaults).
func (c *Config) dir() string {
	if c.Path == "" {
		return "."
	}
	return filepath.Dir(c.Path)
}

// resolve makes a path from the file relative to the file's directory.
func (c *Config) resolve(p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	abs, err := filepath.Abs(filepath.Join(c.dir(), filepath.FromSlash(p)))
	if err != nil {
		return filepath.Join(c.dir(), filepath.FromSlash(p))
	}
	return abs
}

func (c *Config) policyRule(r PolicyRule) provenance.Rule {
	out := provenance.Rule{Name: r.Name, Mode: provenance.Mode(r.Signature), Anchor: r.Anchor, Source: r.Source}
	if r.Source != "" && !isSourceKind(r.Source) {
		out.Source = c.resolve(r.Source)
	}
	return out
}

func isSourceKind(s string) bool {
	for _, k := range provenance.SourceKinds {
		if s == k {
			return true
		}
	}
	return false
}

// ProvenancePolicy is provenance.policy, directories made absolute.
func (c *Config) ProvenancePolicy() *provenance.Policy {
	p := &provenance.Policy{}
	for _, r := range c.Provenance.Policy {
		p.Rules = append(p.Rules, c.policyRule(r))
	}
	return p
}

// ProvenanceAnchors reads the trust anchors' root certificates. An error
// names the key and its line.
func (c *Config) ProvenanceAnchors() ([]*provenance.Anchor, error) {
	var out []*provenance.Anchor
	for _, name := range c.anchorNames() {
		a := c.Provenance.Anchors[name]
		an := &provenance.Anchor{Name: name, Identity: provenance.Identity{CommonName: a.Identity.CommonName,
			Organization: a.Identity.Organization, OrganizationalUnit: a.Identity.OrganizationalUnit,
			Email: a.Identity.Email, URI: a.Identity.URI}}
		for i, f := range a.Roots {
			roots, err := provenance.LoadRoots(c.resolve(f))
			if err != nil {
				return nil, &Error{Path: c.Path, Line: c.line("provenance", "anchors", name, "roots", strconv.Itoa(i)),
					Msg: fmt.Sprintf("provenance.anchors.%s.roots[%d]: %v", name, i, err)}
			}
			an.Roots = append(an.Roots, roots...)
		}
		out = append(out, an)
	}
	return out, nil
}

// LockPath is the lock file: gate.lock-file relative to the config file,
// else skills.lock beside it (in the current directory without a file).
func (c *Config) LockPath() string {
	if c.Gate.LockFile != "" {
		return c.resolve(c.Gate.LockFile)
	}
	return c.resolve(provenance.LockFileName)
}
