package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/sync/errgroup"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/config"
	"github.com/skillvet/skillvet/loader"
	"github.com/skillvet/skillvet/provenance"
	"github.com/skillvet/skillvet/rules"
	"github.com/skillvet/skillvet/skill"
)

// builtinRules are the built-in rules and the provenance rules (which the
// engine does not run: their findings come from provenance checks),
// sorted by ID.
func builtinRules() []*analyzer.Rule {
	all := append(rules.All(), provenance.Rules()...)
	sort.Slice(all, func(i, j int) bool { return all[i].ID < all[j].ID })
	return all
}

// ruleByID returns the built-in or provenance rule id, or nil.
func ruleByID(id string) *analyzer.Rule {
	for _, r := range builtinRules() {
		if r.ID == id {
			return r
		}
	}
	return nil
}

// provSetup is the provenance configuration of a command: trust anchors
// (the config's and --trust's), the policy, and the lock when gate.locked.
type provSetup struct {
	verifier *provenance.Verifier
	policy   *provenance.Policy
	lock     *provenance.Lock // gate.locked: the lock to admit by
	lockPath string           // the config's lock file (gate.lock-file or skills.lock beside it)
}

// active reports whether the configuration asks anything of provenance.
func (p *provSetup) active() bool {
	return len(p.verifier.Anchors()) > 0 || len(p.policy.List()) > 0 || p.lock != nil
}

// newProvSetup reads provenance from cfg. trust are --trust values:
// NAME=FILE or FILE (named after the file). With readLock, gate.locked
// reads the lock file, which must exist: a locked gate without its lock
// admits nothing, so the command stops.
// provCommandSetup checks a provenance command's --format and loads the
// configuration and trust anchors it needs (verify, lock).
func provCommandSetup(format, cfgPath string, paths, trust []string) (*config.Config, *provSetup, error) {
	if format != "text" && format != "json" {
		return nil, nil, fmt.Errorf("unknown format %q (want text or json)", format)
	}
	cfg, err := loadConfig(cfgPath, paths)
	if err != nil {
		return nil, nil, err
	}
	p, err := newProvSetup(cfg, trust, false)
	if err != nil {
		return nil, nil, err
	}
	return cfg, p, nil
}

func newProvSetup(cfg *config.Config, trust []string, readLock bool) (*provSetup, error) {
	anchors, err := cfg.ProvenanceAnchors()
	if err != nil {
		return nil, err
	}
	for _, tv := range trust {
		name, file, ok := strings.Cut(tv, "=")
		if !ok {
			file = tv
			name = strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
		}
		if name == "" || file == "" {
			return nil, fmt.Errorf("--trust %q: want FILE or NAME=FILE (a PEM root certificate)", tv)
		}
		roots, err := provenance.LoadRoots(file)
		if err != nil {
			return nil, fmt.Errorf("--trust %s: %w", tv, err)
		}
		anchors = append(anchors, &provenance.Anchor{Name: name, Roots: roots})
	}
	v, err := provenance.NewVerifier(anchors)
	if err != nil {
		return nil, err
	}
	p := &provSetup{verifier: v, policy: cfg.ProvenancePolicy(), lockPath: cfg.LockPath()}
	if readLock && cfg.Gate.Locked {
		if p.lock, err = provenance.ReadLock(p.lockPath); err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil, fmt.Errorf("gate.locked is set in %s but %s does not exist: run 'skillvet lock' to record the skills to admit", cfg.Path, p.lockPath)
			}
			return nil, err
		}
	}
	return p, nil
}

// absDir is dir made absolute (dir itself when that fails).
func absDir(dir string) string {
	if a, err := filepath.Abs(dir); err == nil {
		return a
	}
	return dir
}

// verified is one skill verified from disk by verify.
type verified struct {
	Dir   string
	Name  string
	Check *provenance.Check
	Err   error // the skill could not be read
}

// verifyDirs reads and verifies skill directories, at most jobs at a time,
// in the order given.
func verifyDirs(ctx context.Context, p *provSetup, cfg *config.Config, dirs []string, jobs int) ([]verified, error) {
	out := make([]verified, len(dirs))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(max(jobs, 1))
	for i, dir := range dirs {
		g.Go(func() error {
			out[i] = verified{Dir: dir, Name: filepath.Base(dir)}
			s, tree, err := provenance.Load(gctx, dir, cfg.SkillLimits())
			if err != nil {
				if gctx.Err() != nil {
					return gctx.Err()
				}
				out[i].Err = err
				return nil
			}
			out[i].Name = s.Name
			rule := p.policy.For(provenance.Candidate{Name: s.Name, Dirs: []string{absDir(dir)}})
			c := &provenance.Check{Mode: rule.Mode, Anchor: rule.Anchor}
			c.ContentHash, _ = tree.ContentHash()
			c.Result = p.verifier.Verify(tree, provenance.Options{Anchor: rule.Anchor, Names: []string{s.DirName, s.Name}})
			out[i].Check = c
			return nil
		})
	}
	return out, g.Wait()
}

// discoverSkills finds the skill directories under paths (default "."),
// leaving out what the config excludes.
func discoverSkills(cfg *config.Config, paths []string) ([]string, error) {
	if len(paths) == 0 {
		paths = []string{"."}
	}
	found, err := loader.Discover(paths)
	if err != nil {
		return nil, err
	}
	var dirs []string
	for _, d := range found.Dirs {
		if !cfg.Excluded(d) {
			dirs = append(dirs, d)
		}
	}
	if len(dirs) == 0 {
		return nil, fmt.Errorf("no skills found under %s (a skill is a directory with a SKILL.md)", strings.Join(paths, ", "))
	}
	return dirs, nil
}

// loadConfig reads --config, or the .skillvet.yaml found from the first
// path.
func loadConfig(flagPath string, paths []string) (*config.Config, error) {
	p := flagPath
	if p == "" {
		first := "."
		if len(paths) > 0 {
			first = paths[0]
		}
		p = config.Find(first)
	}
	if p == "" {
		return &config.Config{}, nil
	}
	return config.Load(p)
}

// addProvenanceFindings adds to each scan result the findings of its
// provenance check (SV090-SV093): for a skill that carries a signature, a
// skill a policy rule asks to be signed, and, with gate.locked, every
// skill against the lock. The skill is read again as the gate reads it
// (every file, links included) from its source; the scan's copy has been
// released. signed says which skills (by directory) carry a signature file,
// noted before the scan let each skill go. Only enabled provenance rules
// report.
func addProvenanceFindings(ctx context.Context, st *scanSetup, srcs []analyzer.Source, results []*analyzer.Result, signed map[string]bool) error {
	enabled := map[string]bool{}
	for _, r := range st.rules {
		enabled[r.ID] = true
	}
	on := false
	for _, r := range provenance.Rules() {
		on = on || enabled[r.ID]
	}
	if !on {
		return nil
	}
	p, err := newProvSetup(st.cfg, nil, true)
	if err != nil {
		return err
	}
	bySrc := map[string]analyzer.Source{}
	for _, s := range srcs {
		bySrc[s.Dir] = s
	}
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(max(st.opts.Jobs, 1))
	for _, r := range results {
		src, ok := bySrc[r.Dir]
		if !ok || r.Skill == nil {
			continue
		}
		rule := p.policy.For(provenance.Candidate{Name: r.Skill.Name, Dirs: []string{absDir(r.Dir)}})
		signed := signed[r.Dir]
		if rule.Mode == provenance.ModeOff && !signed && p.lock == nil {
			continue
		}
		g.Go(func() error {
			fsys, err := src.Open()
			if err != nil {
				return nil // the scan already failed closed on it
			}
			s, err := skill.LoadTree(gctx, fsys, r.Dir, st.opts.Limits)
			if c, ok := fsys.(io.Closer); ok {
				c.Close()
			}
			if err != nil {
				return gctx.Err()
			}
			tree, err := provenance.TreeOf(s)
			if err != nil {
				return nil
			}
			c := &provenance.Check{Mode: rule.Mode, Anchor: rule.Anchor}
			c.ContentHash, _ = tree.ContentHash()
			if rule.Mode != provenance.ModeOff || signed {
				c.Result = p.verifier.Verify(tree, provenance.Options{Anchor: rule.Anchor, Names: []string{s.DirName, s.Name}})
			}
			fs := provenance.Findings(c)
			if p.lock != nil {
				if why := p.lock.Refusal(s.Name, c.ContentHash, r.Capabilities, true); why != "" {
					fs = append(fs, provenance.NotLockedFinding(why))
				}
			}
			for _, f := range fs {
				if enabled[f.Rule] {
					r.Findings = append(r.Findings, f)
				}
			}
			r.Finish()
			return nil
		})
	}
	return g.Wait()
}
