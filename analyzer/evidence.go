package analyzer

import (
	"fmt"
	"sort"
	"strings"

	"github.com/skillvet/skillvet/skill"
)

// Evidence says what a finding is evidence of. The verdict combines a
// skill's evidence (GuardDog's model of capabilities and threat indicators
// correlated into risks, extended across files and languages):
//
//   - a complete chain (credentials → unknown host, download → execute,
//     decode → execute, instruction → dangerous command) blocks at its
//     severity;
//   - an indicator (paste-site host, obfuscation, lure phrasing, hidden
//     text, a sink in a dangerous role) blocks only when its severity says
//     it is strong on its own;
//   - a capability (runs commands, sends to host H, reads credential C) is
//     normal for useful skills and never blocks alone: the engine caps its
//     severity at low and correlators turn capabilities into chains;
//   - integrity findings (content the scanner could not analyse) always
//     block: the gate fails closed;
//   - lint never blocks a security gate unless the policy asks for it.
type Evidence uint8

const (
	// EvidenceDefault, in a Diagnostic, means the rule's own kind. It is
	// not a valid kind for a Rule.
	EvidenceDefault Evidence = iota
	EvIndicator
	EvCapability
	EvChain
	EvIntegrity
	EvLint
)

var evidenceNames = [...]string{"", "indicator", "capability", "chain", "integrity", "lint"}

func (e Evidence) String() string {
	if int(e) < len(evidenceNames) {
		return evidenceNames[e]
	}
	return fmt.Sprintf("evidence(%d)", int(e))
}

// MarshalText encodes the kind as its name.
func (e Evidence) MarshalText() ([]byte, error) { return []byte(e.String()), nil }

// UnmarshalText decodes a kind name ("" is EvidenceDefault).
func (e *Evidence) UnmarshalText(b []byte) error {
	for i, n := range evidenceNames {
		if string(b) == n {
			*e = Evidence(i)
			return nil
		}
	}
	return fmt.Errorf("unknown evidence kind %q", b)
}

// CapKind is a kind of capability: something a skill can do. Names are
// stable (they appear in JSON, lock files and update diffs).
type CapKind string

const (
	CapExec        CapKind = "exec"         // runs a program (Target: the program)
	CapExecDynamic CapKind = "exec-dynamic" // runs code or a command built at run time
	CapNetFetch    CapKind = "net-fetch"    // reads from the network (Target: host)
	CapNetSend     CapKind = "net-send"     // sends data over the network (Target: host)
	CapReadSecret  CapKind = "read-secret"  // reads a credential (Target: which one)
	CapReadEnv     CapKind = "read-env"     // reads the whole environment
	CapEnumerate   CapKind = "enumerate"    // walks the home directory or hidden files
	CapPersist     CapKind = "persist"      // writes a location that runs later (rc files, cron, units)
	CapAgentConfig CapKind = "agent-config" // writes agent configuration or instruction files
	CapPrivilege   CapKind = "privilege"    // runs as root or changes ownership/permissions
	CapDestroy     CapKind = "destroy"      // deletes or encrypts data broadly
	CapDecode      CapKind = "decode"       // decodes data at run time (base64, hex, …)
	CapNetScan     CapKind = "net-scan"     // probes hosts or ports
	CapMining      CapKind = "mining"       // runs a cryptocurrency miner
	CapInstall     CapKind = "install"      // installs packages or tools (Target: the source)
	CapInstruct    CapKind = "instruct"     // tells the agent to run a file of the skill (Target: the file)
)

var capTitles = map[CapKind]string{
	CapExec: "runs", CapExecDynamic: "runs code built at run time", CapNetFetch: "downloads from",
	CapNetSend: "sends data to", CapReadSecret: "reads", CapReadEnv: "reads the whole environment",
	CapEnumerate: "enumerates files", CapPersist: "writes a start-up location", CapAgentConfig: "writes agent configuration",
	CapPrivilege: "runs with raised privileges", CapDestroy: "deletes or encrypts data", CapDecode: "decodes data at run time",
	CapNetScan: "scans the network", CapMining: "mines cryptocurrency", CapInstall: "installs from",
	CapInstruct: "tells the agent to run",
}

// Title is a short verb phrase for the kind ("sends data to").
func (k CapKind) Title() string {
	if t, ok := capTitles[k]; ok {
		return t
	}
	return string(k)
}

// CapKinds lists every capability kind, sorted.
func CapKinds() []CapKind {
	out := make([]CapKind, 0, len(capTitles))
	for k := range capTitles {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// Cap is one capability of a skill, where it was seen.
type Cap struct {
	Kind   CapKind `json:"kind"`
	Target string  `json:"target,omitempty"` // host, path, program or credential; "" when not known
	Path   string  `json:"path"`             // file of the skill, slash-separated
	Line   int     `json:"line"`
	Rule   string  `json:"rule"` // the rule that observed it
}

// String describes the capability: "sends data to api.x.io".
func (c Cap) String() string {
	if c.Target == "" {
		return c.Kind.Title()
	}
	return c.Kind.Title() + " " + c.Target
}

// Key identifies the capability regardless of where it was seen: what an
// update diff compares.
func (c Cap) Key() string { return string(c.Kind) + "\x00" + c.Target }

// Step is one step of a chain, as a rule reports it: an offset range in a
// file of the skill ("" is the pass's file).
type Step struct {
	File       string
	Start, End int
	Message    string
}

// FindingStep is one step of a chain finding, with positions.
type FindingStep struct {
	Path       string // slash path relative to the skill
	File       string // display path (skill directory joined with Path)
	Start, End skill.Position
	Message    string
}

// Policy decides which findings block a skill.
type Policy struct {
	FailOn     Severity // lowest blocking severity; SevNone never blocks on findings
	FailOnLint bool     // lint findings count (off: lint never blocks)
}

// Blocks reports whether f alone blocks a skill under p.
func (f *Finding) Blocks(p Policy) bool {
	if f.Suppression != nil {
		return false
	}
	if f.Unanalysed || f.Kind == EvIntegrity {
		return true
	}
	if p.FailOn == SevNone || f.Severity < p.FailOn {
		return false
	}
	switch f.Kind {
	case EvCapability:
		return false
	case EvLint:
		return p.FailOnLint
	}
	return true
}

// DedupCaps sorts capabilities and keeps the first sighting of each
// (kind, target, file).
func DedupCaps(cs []Cap) []Cap {
	sort.SliceStable(cs, func(i, j int) bool {
		a, b := cs[i], cs[j]
		if a.Kind != b.Kind {
			return a.Kind < b.Kind
		}
		if a.Target != b.Target {
			return a.Target < b.Target
		}
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Rule < b.Rule
	})
	out := cs[:0]
	for i, c := range cs {
		if i > 0 {
			p := out[len(out)-1]
			if p.Kind == c.Kind && p.Target == c.Target && p.Path == c.Path {
				continue
			}
		}
		out = append(out, c)
	}
	return out
}

// CapDiff is what changed in a skill's capabilities between two versions.
type CapDiff struct {
	Added, Removed []Cap
}

// DiffCaps compares two capability sets by kind and target (where they are
// seen does not matter): what after adds and what it drops.
func DiffCaps(before, after []Cap) CapDiff {
	has := func(cs []Cap) map[string]bool {
		m := map[string]bool{}
		for _, c := range cs {
			m[c.Key()] = true
		}
		return m
	}
	b, a := has(before), has(after)
	var d CapDiff
	seen := map[string]bool{}
	for _, c := range after {
		if !b[c.Key()] && !seen[c.Key()] {
			seen[c.Key()] = true
			d.Added = append(d.Added, c)
		}
	}
	seen = map[string]bool{}
	for _, c := range before {
		if !a[c.Key()] && !seen[c.Key()] {
			seen[c.Key()] = true
			d.Removed = append(d.Removed, c)
		}
	}
	return d
}

// String is "adds: sends data to api.x.io (scripts/up.py:12); reads ~/.aws/credentials (…)".
func (d CapDiff) String() string {
	var parts []string
	list := func(verb string, cs []Cap) {
		if len(cs) == 0 {
			return
		}
		var xs []string
		for _, c := range cs {
			xs = append(xs, fmt.Sprintf("%s (%s:%d)", c, c.Path, c.Line))
		}
		parts = append(parts, verb+": "+strings.Join(xs, "; "))
	}
	list("adds", d.Added)
	list("drops", d.Removed)
	return strings.Join(parts, " — ")
}
