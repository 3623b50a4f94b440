package main

import (
	"context"
	"errors"
	"fmt"
	iofs "io/fs"
	"path/filepath"
	"runtime"
	"strings"

	"golang.org/x/sync/errgroup"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/config"
	"github.com/skillvet/skillvet/loader"
	"github.com/skillvet/skillvet/provenance"
)

func init() {
	register(&command{name: "lock", usage: "lock [--check] [--file skills.lock] [flags] [paths...]",
		summary: "Record the admitted skills' content hashes, signers and capabilities in skills.lock; --check compares and says what each update adds",
		run:     lockMain})
}

// gated is one skill as the gate decided it, for lock.
type gated struct {
	dir      string
	name     string
	decision *loader.Decision
	hash     string // content hash ("" when it could not be computed)
	err      error  // the skill could not be read
	// refused is a refusal of the whole set (an impersonation), as the
	// loader makes it after gating each skill.
	refused string
}

func (g *gated) admitted() bool {
	return g.err == nil && g.decision.Admitted && g.hash != "" && g.refused == ""
}

func (g *gated) reason() string {
	switch {
	case g.err != nil:
		return "cannot read the skill: " + g.err.Error()
	case g.refused != "":
		return g.refused
	case !g.decision.Admitted:
		return g.decision.Reason
	case g.hash == "":
		return "its content hash cannot be computed"
	}
	return ""
}

func (g *gated) caps() []analyzer.Cap {
	if g.decision == nil || g.decision.Result == nil {
		return nil
	}
	return g.decision.Result.Capabilities
}

func (g *gated) signer() string {
	if g.decision == nil || g.decision.Provenance == nil || !g.decision.Provenance.Result.Verified() {
		return ""
	}
	return g.decision.Provenance.Result.SignedBy()
}

func lockMain(ctx context.Context, e *env, args []string) int {
	fs := newFlags(e, commands["lock"])
	check := fs.Bool("check", false, "compare the skills with the lock file instead of writing it; exit 1 with a per-skill difference when they differ (for CI)")
	file := fs.String("file", "", "the lock file (default: gate.lock-file of the configuration, else skills.lock beside .skillvet.yaml, else in the current directory)")
	cfgPath := fs.String("config", "", "configuration: gate threshold, admissions, rules, limits, trust anchors and provenance policy (default: .skillvet.yaml found from the first path)")
	var trust listFlag
	fs.Var(&trust, "trust", "a publisher's PEM root certificate, as NAME=FILE or FILE; repeatable (signers are recorded for verified skills)")
	format := fs.String("format", "text", "output format: text or json")
	jobs := fs.Int("jobs", runtime.NumCPU(), "skills checked in parallel, and files analysed in parallel within one")
	paths, err := parseInterleaved(fs, args)
	if err != nil {
		return flagExit(err)
	}
	fail := func(err error) int {
		fmt.Fprintln(e.stderr, "skillvet:", analyzer.Sanitize(err.Error()))
		return exitError
	}
	cfg, p, err := provCommandSetup(*format, *cfgPath, paths, trust)
	if err != nil {
		return fail(err)
	}
	lockPath := *file
	if lockPath == "" {
		lockPath = p.lockPath
	}
	var old *provenance.Lock
	if *check {
		if old, err = provenance.ReadLock(lockPath); err != nil {
			if errors.Is(err, iofs.ErrNotExist) {
				return fail(fmt.Errorf("%s does not exist: run 'skillvet lock' first", lockPath))
			}
			return fail(err)
		}
	}
	dirs, err := discoverSkills(cfg, paths)
	if err != nil {
		return fail(err)
	}
	gate, err := lockGate(cfg, p, *jobs)
	if err != nil {
		return fail(err)
	}
	defer gate.Close()
	all, err := gateDirs(ctx, gate, dirs, *jobs)
	if err != nil {
		return fail(err)
	}
	flagImpersonations(all)
	lockDir := filepath.Dir(absDir(lockPath))
	source := func(dir string) string {
		a := absDir(dir)
		if rel, err := filepath.Rel(lockDir, a); err == nil && filepath.IsLocal(rel) {
			return filepath.ToSlash(rel)
		}
		return filepath.ToSlash(a)
	}
	// One version per name: two skills of a name with different content
	// conflict, and neither is locked.
	byName := map[string][]*gated{}
	var names []string
	for _, g := range all {
		if byName[g.name] == nil {
			names = append(names, g.name)
		}
		byName[g.name] = append(byName[g.name], g)
	}
	conflict := func(gs []*gated) string {
		for _, g := range gs[1:] {
			if g.hash != gs[0].hash {
				var ds []string
				for _, x := range gs {
					ds = append(ds, x.dir)
				}
				return fmt.Sprintf("%d skills named %s differ (%s): a lock holds one version per name", len(gs), gs[0].name, strings.Join(ds, ", "))
			}
		}
		return ""
	}
	if *check {
		return lockCheck(e, *format, lockPath, old, names, byName, conflict, source)
	}
	lock := provenance.NewLock()
	rows := []lockRow{}
	refused := 0
	for _, n := range names {
		gs := byName[n]
		g := gs[0]
		row := lockRow{Name: n, Path: g.dir, Hash: g.hash, Signer: g.signer(), Capabilities: provenance.CapsOf(g.caps())}
		if why := conflict(gs); why != "" {
			row.Status, row.Reason = "conflict", why
		} else if !g.admitted() {
			row.Status, row.Reason = "refused", g.reason()
		} else {
			row.Status = "locked"
			lock.Put(&provenance.LockEntry{Name: n, Hash: g.hash, Source: source(g.dir), Signer: g.signer(), Caps: row.Capabilities})
		}
		if row.Status != "locked" {
			refused++
		}
		rows = append(rows, row)
	}
	if err := provenance.WriteLock(lockPath, lock); err != nil {
		return fail(err)
	}
	summary := fmt.Sprintf("wrote %s: %d skill(s) locked, %d not locked", lockPath, len(lock.Entries()), refused)
	if *format == "json" {
		if code := writeJSON(e, struct {
			Lock   string    `json:"lock"`
			Skills []lockRow `json:"skills"`
		}{lockPath, rows}); code != exitOK {
			return code
		}
		fmt.Fprintln(e.stderr, "skillvet:", summary)
	} else {
		w := &textWriter{w: e.stdout}
		for _, r := range rows {
			switch r.Status {
			case "locked":
				by := "unsigned"
				if r.Signer != "" {
					by = "signed by " + r.Signer
				}
				w.printf("%-9s %s  %s  %s, %d capabilit%s\n", r.Status, analyzer.Sanitize(r.Path), shortContentHash(r.Hash),
					analyzer.Sanitize(by), len(r.Capabilities), plural(len(r.Capabilities), "y", "ies"))
			default:
				w.printf("%-9s %s: %s\n", r.Status, analyzer.Sanitize(r.Path), analyzer.Sanitize(r.Reason))
			}
		}
		w.printf("%s\n", summary)
		if w.err != nil {
			return exitError
		}
	}
	if refused > 0 {
		return exitFindings
	}
	return exitOK
}

// lockRow is one skill in lock's and lock --check's output.
type lockRow struct {
	Name   string `json:"name"`
	Path   string `json:"path,omitempty"`
	Status string `json:"status"`
	// Hash is the content hash now; LockedHash the lock's.
	Hash         string `json:"hash,omitempty"`
	LockedHash   string `json:"lockedHash,omitempty"`
	Signer       string `json:"signer,omitempty"`
	LockedSigner string `json:"lockedSigner,omitempty"`
	// Capabilities are the skill's now (lock; and lock --check for a new
	// skill); Update what changed since the locked version.
	Capabilities []provenance.Cap   `json:"capabilities,omitempty"`
	Update       *provenance.Update `json:"update,omitempty"`
	Reason       string             `json:"reason,omitempty"`
}

func lockCheck(e *env, format, lockPath string, old *provenance.Lock, names []string, byName map[string][]*gated,
	conflict func([]*gated) string, source func(string) string) int {
	rows := []lockRow{}
	counts := map[string]int{}
	seen := map[string]bool{}
	for _, n := range names {
		gs := byName[n]
		g := gs[0]
		seen[n] = true
		row := lockRow{Name: n, Path: g.dir, Hash: g.hash, Signer: g.signer()}
		le := old.Get(n)
		if le != nil {
			row.LockedHash, row.LockedSigner = le.Hash, le.Signer
		}
		switch {
		case conflict(gs) != "":
			row.Status, row.Reason = "conflict", conflict(gs)
		case le == nil:
			row.Status, row.Capabilities = "new", provenance.CapsOf(g.caps())
			if !g.admitted() {
				row.Reason = "and the gate refuses it: " + g.reason()
			}
		case le.Hash != g.hash:
			row.Status = "changed"
			u := provenance.CapUpdate(le.Caps, g.caps())
			row.Update = &u
			if !g.admitted() {
				row.Reason = "and the gate refuses it: " + g.reason()
			}
		case !g.admitted():
			row.Status, row.Reason = "refused", g.reason()
		default:
			row.Status = "ok"
		}
		counts[row.Status]++
		rows = append(rows, row)
	}
	for _, le := range old.Entries() {
		if !seen[le.Name] {
			rows = append(rows, lockRow{Name: le.Name, Status: "removed", LockedHash: le.Hash, LockedSigner: le.Signer,
				Reason: "locked (from " + le.Source + ") but not found"})
			counts["removed"]++
		}
	}
	var parts []string
	for _, st := range []string{"ok", "changed", "new", "removed", "refused", "conflict"} {
		if counts[st] > 0 || st == "ok" {
			parts = append(parts, fmt.Sprintf("%d %s", counts[st], st))
		}
	}
	summary := fmt.Sprintf("%s: %s", lockPath, strings.Join(parts, ", "))
	if format == "json" {
		if code := writeJSON(e, struct {
			Lock   string         `json:"lock"`
			Skills []lockRow      `json:"skills"`
			Counts map[string]int `json:"counts"`
		}{lockPath, rows, counts}); code != exitOK {
			return code
		}
		fmt.Fprintln(e.stderr, "skillvet:", summary)
	} else {
		w := &textWriter{w: e.stdout}
		for _, r := range rows {
			path := analyzer.Sanitize(r.Path)
			switch r.Status {
			case "ok":
				w.printf("%-9s %s\n", r.Status, path)
			case "changed":
				w.printf("%-9s %s  (locked %s, now %s)\n", r.Status, path, shortContentHash(r.LockedHash), shortContentHash(r.Hash))
				w.printf("%-9s %s\n", "", analyzer.Sanitize(r.Update.String()))
				if r.Signer != r.LockedSigner {
					w.printf("%-9s signer: %s, was %s\n", "", orUnsigned(r.Signer), orUnsigned(r.LockedSigner))
				}
			case "new":
				w.printf("%-9s %s  (not in %s)\n", r.Status, path, filepath.Base(lockPath))
				var cs []string
				for _, c := range r.Capabilities {
					cs = append(cs, c.String())
				}
				if len(cs) > 0 {
					w.printf("%-9s capabilities: %s\n", "", analyzer.Sanitize(strings.Join(cs, ", ")))
				}
			case "removed":
				w.printf("%-9s %s: %s\n", r.Status, r.Name, analyzer.Sanitize(r.Reason))
				continue
			default:
				w.printf("%-9s %s: %s\n", r.Status, path, analyzer.Sanitize(r.Reason))
				continue
			}
			if r.Reason != "" {
				w.printf("%-9s %s\n", "", analyzer.Sanitize(r.Reason))
			}
		}
		w.printf("%s\n", summary)
		if w.err != nil {
			return exitError
		}
	}
	if counts["ok"] != len(rows) {
		return exitFindings
	}
	return exitOK
}

// flagImpersonations applies the loader's typosquatting check to the
// admitted skills, as a registry holding them all would.
func flagImpersonations(all []*gated) {
	var entries []*loader.Entry
	of := map[*loader.Entry]*gated{}
	for _, g := range all {
		if g.admitted() {
			e := &loader.Entry{Name: g.name, Dir: g.dir, Source: loader.SourceExtra, Status: loader.StatusAdmitted,
				Approved: g.decision.Approved}
			entries = append(entries, e)
			of[e] = g
		}
	}
	loader.FlagImpersonation(entries)
	for _, e := range entries {
		if e.Status != loader.StatusAdmitted {
			of[e].refused = e.Reason
		}
	}
}

// lockGate is the gate lock decides admission with: the loader's, from
// the configuration, without a lock (it is the lock being made).
func lockGate(cfg *config.Config, p *provSetup, jobs int) (*loader.Gate, error) {
	th := "high"
	if cfg.Gate.Threshold != "" {
		th = cfg.Gate.Threshold
	}
	sev, err := analyzer.ParseSeverity(th)
	if err != nil {
		return nil, err
	}
	set, err := configuredRules(cfg)
	if err != nil {
		return nil, err
	}
	o := loader.GateOptions{Rules: set, Threshold: sev, Jobs: jobs, FileTimeout: cfg.Limits.FileTimeout, Limits: cfg.SkillLimits(),
		Severity: cfg.SeverityOverrides(), AllowedHosts: cfg.AllowedHosts, Verifier: p.verifier, Policy: p.policy}
	for _, a := range cfg.Gate.Admit {
		o.Approvals = append(o.Approvals, loader.Approval{Hash: a.Hash, Reason: a.Reason})
	}
	return loader.NewGate(o)
}

// gateDirs reads each skill as the loader does and gates it, at most jobs
// at a time.
func gateDirs(ctx context.Context, gate *loader.Gate, dirs []string, jobs int) ([]*gated, error) {
	out := make([]*gated, len(dirs))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(max(jobs, 1))
	for i, dir := range dirs {
		g.Go(func() error {
			r := &gated{dir: dir, name: filepath.Base(dir)}
			out[i] = r
			s, tree, err := provenance.Load(gctx, dir, gate.Limits())
			if err != nil {
				if gctx.Err() != nil {
					return gctx.Err()
				}
				r.err = err
				return nil
			}
			r.name = s.Name
			r.decision = gate.CheckFrom(gctx, s, loader.Origin{Dirs: []string{absDir(dir)}})
			r.hash, _ = tree.ContentHash()
			return gctx.Err()
		})
	}
	return out, g.Wait()
}

func shortContentHash(h string) string {
	if len(h) > 19 {
		return h[:19] + "…"
	}
	return h
}

func orUnsigned(s string) string {
	if s == "" {
		return "unsigned"
	}
	return s
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
