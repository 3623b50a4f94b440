package loader

import (
	"path/filepath"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/provenance"
	"github.com/skillvet/skillvet/skill"
)

// Origin says where a skill comes from, for the provenance policy: the
// loader's source kind (empty outside the loader) and the skill's
// directories (as found and real; the skill's own Dir when empty).
type Origin struct {
	Source SourceKind
	Dirs   []string
}

// checkProvenance verifies s under the policy rule that applies to it and
// against the lock, and refuses or warns on d accordingly. A refusal here
// stands whatever the scan found and whatever approvals say. It returns
// the check (nil when nothing was checked: policy off, no signature, no
// lock).
func (g *Gate) checkProvenance(d *Decision, s *skill.Skill, o Origin) *provenance.Check {
	dirs := o.Dirs
	if len(dirs) == 0 {
		if abs, err := filepath.Abs(s.Dir); err == nil {
			dirs = []string{abs}
		}
	}
	rule := g.policy.For(provenance.Candidate{Name: s.Name, Source: string(o.Source), Dirs: dirs})
	verify := rule.Mode != provenance.ModeOff || provenance.HasSignature(s)
	if !verify && g.lock == nil {
		return nil
	}
	c := &provenance.Check{Mode: rule.Mode, Anchor: rule.Anchor}
	tree, err := provenance.TreeOf(s)
	if err != nil {
		// The bytes are gone (never for a skill the gate loaded): nothing
		// can be vouched for.
		c.Result = &provenance.Result{Status: provenance.StatusFailed,
			Problems: []provenance.Problem{{Kind: provenance.ProblemUnreadable, Detail: err.Error()}}}
	} else {
		c.ContentHash, _ = tree.ContentHash()
		if verify {
			c.Result = g.verifier.Verify(tree, provenance.Options{Anchor: rule.Anchor, Names: []string{s.DirName, s.Name}})
		}
	}
	switch {
	case c.Refuses():
		refuse(d, CodeProvenance, c.Why())
	case c.Warns():
		d.Warnings = append(d.Warnings, c.Why())
	}
	if g.lock != nil {
		var caps []analyzer.Cap
		if d.Result != nil {
			caps = d.Result.Capabilities
		}
		if why := g.lock.Refusal(s.Name, c.ContentHash, caps, d.Result != nil); why != "" {
			refuse(d, CodeNotLocked, why)
		}
	}
	return c
}

// refuse keeps the skill out for code, with why first in the reason (an
// earlier refusal's reason follows it).
func refuse(d *Decision, code Code, why string) {
	if !d.Admitted && d.Reason != "" {
		why += "; also: " + d.Reason
	}
	d.Admitted, d.Code, d.Reason = false, code, why
}
