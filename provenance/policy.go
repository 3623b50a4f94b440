package provenance

import (
	"fmt"
	"path"
	"path/filepath"
	"strings"
)

// Mode is what a policy asks of a skill's signature.
type Mode string

const (
	// ModeOff (the default) asks nothing: a signature is still checked and
	// shown when the skill has one, and never keeps the skill out.
	ModeOff Mode = "off"
	// ModePrefer warns when the skill is not verified, and admits it.
	ModePrefer Mode = "prefer"
	// ModeRequire refuses a skill that is not verified, whatever its scan
	// and whatever approvals say.
	ModeRequire Mode = "require"
)

// Modes lists the modes, as configuration spells them.
var Modes = []Mode{ModeRequire, ModePrefer, ModeOff}

// SourceKinds are the loader's source kinds a rule may name.
var SourceKinds = []string{"user", "managed", "bundled", "extra", "workspace"}

// Rule is one entry of a policy. A rule applies to a skill when every
// selector it sets matches: Name, a glob on the skill's name (path.Match
// syntax), and Source, a source kind (user, managed, bundled, extra,
// workspace) or an absolute directory that holds the skill. A rule with
// neither applies to every skill.
type Rule struct {
	Name   string `json:"name,omitempty"`
	Source string `json:"source,omitempty"`
	Mode   Mode   `json:"mode"`
	// Anchor, when set, accepts only a signature that chains to this
	// trust anchor.
	Anchor string `json:"anchor,omitempty"`
}

// Policy is an ordered list of rules: the first that applies decides.
// A skill no rule applies to is ModeOff.
type Policy struct {
	Rules []Rule
}

// Candidate is what a policy matches a skill by.
type Candidate struct {
	Name string // the skill's name
	// Source is the loader's source kind ("" outside the loader: scan,
	// verify and lock know only directories).
	Source string
	// Dirs are the skill's directory as found and its real path
	// (absolute).
	Dirs []string
}

// For returns the rule that applies to the skill (ModeOff when none).
func (p *Policy) For(s Candidate) Rule {
	if p != nil {
		for _, r := range p.Rules {
			if r.applies(s) {
				return r
			}
		}
	}
	return Rule{Mode: ModeOff}
}

// Requires reports whether any rule requires a signature.
func (p *Policy) Requires() bool {
	if p != nil {
		for _, r := range p.Rules {
			if r.Mode == ModeRequire {
				return true
			}
		}
	}
	return false
}

func (r Rule) applies(s Candidate) bool {
	if r.Name != "" {
		if ok, _ := path.Match(r.Name, s.Name); !ok {
			return false
		}
	}
	if r.Source == "" {
		return true
	}
	if !filepath.IsAbs(r.Source) {
		return r.Source == s.Source
	}
	for _, d := range s.Dirs {
		if rel, err := filepath.Rel(r.Source, d); err == nil && filepath.IsLocal(rel) {
			return true
		}
	}
	return false
}

// Validate checks the rule's values (anchor names are checked against the
// verifier by the caller).
func (r Rule) Validate() error {
	switch r.Mode {
	case ModeRequire, ModePrefer, ModeOff:
	default:
		return fmt.Errorf("signature %q: want require, prefer or off", r.Mode)
	}
	if r.Name != "" {
		if _, err := path.Match(r.Name, ""); err != nil {
			return fmt.Errorf("name %q: bad glob", r.Name)
		}
	}
	if r.Source != "" && !filepath.IsAbs(r.Source) && !contains(SourceKinds, r.Source) {
		return fmt.Errorf("source %q is neither a source kind (%s) nor a directory", r.Source, strings.Join(SourceKinds, ", "))
	}
	return nil
}

// String describes the rule: `require (name "nv-*", anchor nvidia)`.
func (r Rule) String() string {
	var sel []string
	if r.Name != "" {
		sel = append(sel, fmt.Sprintf("name %q", r.Name))
	}
	if r.Source != "" {
		sel = append(sel, "source "+r.Source)
	}
	if r.Anchor != "" {
		sel = append(sel, "anchor "+r.Anchor)
	}
	if len(sel) == 0 {
		return string(r.Mode)
	}
	return string(r.Mode) + " (" + strings.Join(sel, ", ") + ")"
}

// Check is a skill's provenance as the gate saw it: the rule that applied
// and the verification (nil when nothing was verified: policy off and no
// signature file).
type Check struct {
	Mode   Mode    `json:"policy"`
	Anchor string  `json:"anchor,omitempty"` // the anchor the policy requires
	Result *Result `json:"result,omitempty"`
	// ContentHash is the skill's content hash (Tree.ContentHash; "" when
	// the tree could not be hashed).
	ContentHash string `json:"contentHash,omitempty"`
}

// Status is the verification status, or unsigned when nothing was
// verified.
func (c *Check) Status() Status {
	if c == nil || c.Result == nil {
		return StatusUnsigned
	}
	return c.Result.Status
}

// Refuses reports whether the policy keeps the skill out: it requires a
// signature and the skill did not verify.
func (c *Check) Refuses() bool { return c != nil && c.Mode == ModeRequire && !c.Result.Verified() }

// Warns reports whether the policy prefers a signature the skill lacks.
func (c *Check) Warns() bool { return c != nil && c.Mode == ModePrefer && !c.Result.Verified() }

// Summary is one line for listings: "verified: nvidia (CN=…)",
// "unsigned", "failed: changed SKILL.md: …".
func (c *Check) Summary() string {
	switch st := c.Status(); st {
	case StatusVerified:
		return "verified: " + c.Result.SignedBy()
	case StatusUnsigned:
		return "unsigned"
	default:
		return string(st) + ": " + c.Result.Reason()
	}
}

// Why says why the policy refuses or warns ("" when it does neither).
func (c *Check) Why() string {
	if !c.Refuses() && !c.Warns() {
		return ""
	}
	verb := "requires"
	if c.Mode == ModePrefer {
		verb = "prefers"
	}
	what := "a verified signature"
	if c.Anchor != "" {
		what = "a verified signature by " + c.Anchor
	}
	return fmt.Sprintf("provenance policy %s %s: %s", verb, what, c.Result.Reason())
}

// List returns the policy's rules (nil for a nil policy).
func (p *Policy) List() []Rule {
	if p == nil {
		return nil
	}
	return p.Rules
}
