package loader

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/config"
	"github.com/skillvet/skillvet/isolate"
	"github.com/skillvet/skillvet/provenance"
	"github.com/skillvet/skillvet/skill"
)

// SourceKind says where a root of skills comes from.
type SourceKind string

// Source kinds, from the lowest default priority to the highest.
const (
	SourceExtra     SourceKind = "extra"     // extra directories named by the operator
	SourceBundled   SourceKind = "bundled"   // skills shipped with the agent
	SourceManaged   SourceKind = "managed"   // ~/.config/<app>/skills
	SourceUser      SourceKind = "user"      // ~/.claude/skills, ~/.agents/skills
	SourceWorkspace SourceKind = "workspace" // ./skills, ./.claude/skills, ./.agents/skills
)

// Default priorities of the source kinds. Managed and user roots share a
// level; within a level DefaultRoots numbers roots in the order listed.
const (
	PriorityExtra     = 100
	PriorityBundled   = 200
	PriorityUser      = 300
	PriorityWorkspace = 400
)

// Root is a directory whose subdirectories are skills
// (<Dir>/<name>/SKILL.md, one level deep).
type Root struct {
	Dir  string
	Kind SourceKind // empty means SourceExtra
	// Priority decides which skill wins a name: the higher one. Between
	// roots of equal priority the one listed later wins.
	Priority int
}

// Defaults describe an agent's conventional roots.
type Defaults struct {
	App       string   // names ~/.config/<App>/skills; empty skips it
	Home      string   // the user's home directory; empty skips user roots
	Workspace string   // the project directory; empty skips workspace roots
	Bundled   []string // directories of skills shipped with the agent
	Extra     []string // extra directories (lowest priority)
}

// DefaultRoots returns the conventional roots, lowest priority first:
// extra < bundled < ~/.config/<app>/skills < ~/.claude/skills <
// ~/.agents/skills < <ws>/skills < <ws>/.claude/skills < <ws>/.agents/skills.
func DefaultRoots(d Defaults) []Root {
	var out []Root
	add := func(kind SourceKind, base int, dirs ...string) {
		for i, dir := range dirs {
			out = append(out, Root{Dir: dir, Kind: kind, Priority: base + i})
		}
	}
	add(SourceExtra, PriorityExtra, d.Extra...)
	add(SourceBundled, PriorityBundled, d.Bundled...)
	if d.Home != "" {
		if d.App != "" {
			add(SourceManaged, PriorityUser, filepath.Join(d.Home, ".config", d.App, "skills"))
		}
		add(SourceUser, PriorityUser+1, filepath.Join(d.Home, ".claude", "skills"), filepath.Join(d.Home, ".agents", "skills"))
	}
	if d.Workspace != "" {
		add(SourceWorkspace, PriorityWorkspace, filepath.Join(d.Workspace, "skills"),
			filepath.Join(d.Workspace, ".claude", "skills"), filepath.Join(d.Workspace, ".agents", "skills"))
	}
	return out
}

// SkillConfig is the operator's per-skill configuration, keyed by skill
// name in Options.Skills.
type SkillConfig struct {
	// Enabled false turns the skill off; nil or true leaves it on.
	Enabled *bool `json:"enabled,omitempty"`
	// Env supplies environment variables the skill requires
	// (requires.env) without setting them in the process environment.
	Env map[string]string `json:"env,omitempty"`
	// APIKey supplies the variable named by the skill's primaryEnv.
	APIKey string `json:"apiKey,omitempty"`
}

// Options configure a Loader. The zero value of every field has a useful
// default, except Roots.
type Options struct {
	Roots []Root

	// Include, when set, keeps only skills whose name matches one of these
	// globs (path.Match syntax); Ignore drops skills whose name matches.
	Include, Ignore []string
	// Skills is per-skill configuration, keyed by skill name.
	Skills map[string]SkillConfig
	// AllowBundled, when non-nil, admits only the bundled skills named in
	// it; nil allows every bundled skill.
	AllowBundled []string
	// Pins tie skill names to a source: a source kind ("user", "managed",
	// "bundled", "extra", "workspace") or an absolute directory (a root or
	// a skill directory). A skill of a pinned name from anywhere else is
	// "pinned-out", whatever its priority: with "deploy": "user", a
	// workspace (a cloned repository) cannot take deploy over.
	Pins map[string]string

	// Platform is "darwin", "linux" or "win32"; empty means this machine.
	Platform string
	// LookPath finds binaries (requires.bins); nil means exec.LookPath.
	LookPath func(string) (string, error)
	// Getenv reads the environment (requires.env); nil means os.Getenv.
	Getenv func(string) string
	// Config is the agent configuration that requires.config paths
	// (dotted, e.g. "browser.enabled") are looked up in.
	Config map[string]any

	// Gate settings; see GateOptions.
	Rules       []*analyzer.Rule
	Threshold   analyzer.Severity
	Jobs        int
	FileTimeout time.Duration
	ScanTimeout time.Duration
	Limits      skill.Limits
	Approvals   []Approval
	// Severity overrides rules' severities; AllowedHosts are hosts network
	// rules trust (both as in .skillvet.yaml).
	Severity     map[string]analyzer.Severity
	AllowedHosts []string
	// Isolate analyses skills in worker processes; WorkerCommand,
	// WorkerLimits, WorkerProcesses and CustomRules configure them (see
	// GateOptions). Call Close to stop the workers.
	Isolate         bool
	WorkerCommand   []string
	WorkerLimits    isolate.Limits
	WorkerProcesses int
	CustomRules     []config.CustomRule
	// Verifier, Policy and Lock check provenance (see GateOptions). Policy
	// rules match a skill by name and by source: the kind of its root, or
	// a directory holding it.
	Verifier *provenance.Verifier
	Policy   *provenance.Policy
	Lock     *provenance.Lock
}

// Loader discovers, gates and serves skills. It is safe for concurrent
// use: each Load builds a new immutable Registry and swaps it in.
type Loader struct {
	opts Options
	gate *Gate
	pins map[string]pin

	loadMu sync.Mutex
	stats  statCache
	reads  atomic.Int64 // skills read from disk by the load in progress
	cur    atomic.Pointer[Registry]
	loaded atomic.Bool

	subMu   sync.Mutex
	subs    map[int]func(Change)
	nextSub int
}

// New builds a Loader. It does not touch the disk; call Load.
func New(opts Options) (*Loader, error) {
	for _, g := range append(append([]string{}, opts.Include...), opts.Ignore...) {
		if _, err := path.Match(g, ""); err != nil {
			return nil, fmt.Errorf("bad name glob %q: %w", g, err)
		}
	}
	opts.Roots = append([]Root(nil), opts.Roots...)
	for i := range opts.Roots {
		if opts.Roots[i].Kind == "" {
			opts.Roots[i].Kind = SourceExtra
		}
	}
	if opts.Platform == "" {
		opts.Platform = Platform(runtime.GOOS)
	}
	if opts.Jobs <= 0 {
		opts.Jobs = runtime.NumCPU()
	}
	g, err := NewGate(GateOptions{Rules: opts.Rules, Threshold: opts.Threshold, Jobs: opts.Jobs,
		FileTimeout: opts.FileTimeout, ScanTimeout: opts.ScanTimeout, Limits: opts.Limits, Approvals: opts.Approvals,
		Severity: opts.Severity, AllowedHosts: opts.AllowedHosts, Isolate: opts.Isolate,
		WorkerCommand: opts.WorkerCommand, WorkerLimits: opts.WorkerLimits, WorkerProcesses: opts.WorkerProcesses,
		CustomRules: opts.CustomRules, Verifier: opts.Verifier, Policy: opts.Policy, Lock: opts.Lock})
	if err != nil {
		return nil, err
	}
	pins, err := parsePins(opts.Pins)
	if err != nil {
		return nil, err
	}
	l := &Loader{opts: opts, gate: g, pins: pins, subs: map[int]func(Change){}}
	l.cur.Store(emptyRegistry())
	return l, nil
}

// Close stops the loader's idle analysis workers (Options.Isolate); call it
// when done with the loader. The registry stays usable, but after Close a
// Load that must scan new content fails that skill closed.
func (l *Loader) Close() error { return l.gate.Close() }

// Platform maps a GOOS value to the names skills use in metadata os lists.
func Platform(goos string) string {
	if goos == "windows" {
		return "win32"
	}
	return goos
}

// Gate returns the loader's gate (to approve a skill version at run time,
// or to read its scan count).
func (l *Loader) Gate() *Gate { return l.gate }

// Registry returns the current registry: the last successful Load (an
// empty registry before the first).
func (l *Loader) Registry() *Registry { return l.cur.Load() }

// Roots returns the configured roots.
func (l *Loader) Roots() []Root { return append([]Root(nil), l.opts.Roots...) }

// candidate is one <root>/<name> directory holding SKILL.md.
type candidate struct {
	root Root
	dir  string
	real string
}

// Load discovers every root, reads and hashes every skill, gates the ones
// that would be served (the scan is cached by content hash), checks
// eligibility and swaps in the new registry. A root that does not exist is
// skipped; a root that exists but cannot be listed fails the load, and the
// previous registry stays in place.
func (l *Loader) Load(ctx context.Context) (*Registry, error) {
	reg, ch, err := l.load(ctx)
	if err != nil {
		return nil, err
	}
	l.notify(ch) // outside the load lock: subscribers may call Load
	return reg, nil
}

func (l *Loader) load(ctx context.Context) (*Registry, Change, error) {
	l.loadMu.Lock()
	defer l.loadMu.Unlock()
	start := time.Now()
	scans := l.gate.Scans()
	l.reads.Store(0)
	cands, err := l.discover()
	if err != nil {
		return nil, Change{}, err
	}
	read := make([]*Entry, len(cands))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(l.opts.Jobs)
	for i, c := range cands {
		g.Go(func() error {
			e, err := l.read(gctx, c)
			read[i] = e
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return nil, Change{}, err
	}
	entries := read[:0]
	for _, e := range read {
		if e != nil {
			entries = append(entries, e)
		}
	}
	l.resolve(entries)
	g, gctx = errgroup.WithContext(ctx)
	g.SetLimit(l.opts.Jobs)
	for _, e := range entries {
		if e.Status != "" {
			continue
		}
		g.Go(func() error {
			l.decide(gctx, e)
			return gctx.Err()
		})
	}
	if err := g.Wait(); err != nil {
		return nil, Change{}, err
	}
	if err := ctx.Err(); err != nil {
		return nil, Change{}, err
	}
	flagImpersonation(entries)
	reg := newRegistry(entries, l.gate.limits)
	reg.Stats = LoadStats{Candidates: len(entries), Read: int(l.reads.Load()), Scanned: int(l.gate.Scans() - scans), Duration: time.Since(start)}
	keep := map[string]bool{}
	for _, e := range entries {
		if e.Skill != nil {
			keep[e.Skill.Hash] = true
		}
	}
	l.gate.Retain(keep)
	reals := map[string]bool{}
	for _, e := range entries {
		reals[e.RealDir] = true
	}
	l.stats.retain(reals)
	old := l.cur.Swap(reg)
	l.loaded.Store(true)
	return reg, diff(old, reg, nil), nil
}

// discover lists every root one level deep. Candidates come out in
// precedence order: highest priority first, and between equal priorities
// the root listed later first.
func (l *Loader) discover() ([]candidate, error) {
	order := make([]int, len(l.opts.Roots))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		ra, rb := l.opts.Roots[order[a]], l.opts.Roots[order[b]]
		if ra.Priority != rb.Priority {
			return ra.Priority > rb.Priority
		}
		return order[a] > order[b]
	})
	var out []candidate
	for _, i := range order {
		r := l.opts.Roots[i]
		dir, err := filepath.Abs(r.Dir)
		if err != nil {
			return nil, err
		}
		ents, err := os.ReadDir(dir)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
				continue
			}
			return nil, fmt.Errorf("cannot list skill root %s: %w", r.Dir, err)
		}
		realRoot, err := filepath.EvalSymlinks(dir)
		if err != nil {
			realRoot = dir
		}
		for _, de := range ents {
			name := de.Name()
			if strings.HasPrefix(name, ".") {
				continue
			}
			sd := filepath.Join(dir, name)
			real := filepath.Join(realRoot, name)
			switch {
			case de.IsDir():
			case de.Type()&fs.ModeSymlink != 0:
				// A symlinked skill directory: followed, and deduplicated
				// by its real path.
				if st, err := os.Stat(sd); err != nil || !st.IsDir() {
					continue
				}
				if real, err = filepath.EvalSymlinks(sd); err != nil {
					continue
				}
			default:
				continue
			}
			// Whether it holds SKILL.md is checked when it is read (in
			// parallel, and not at all when its tree is unchanged).
			out = append(out, candidate{root: r, dir: sd, real: real})
		}
	}
	return out, nil
}

// read loads one candidate's bytes: every file of its real directory,
// dot-directories and nested skills included (the agent can reach them
// all). It returns nil for a directory without SKILL.md. Failing to open
// it is recorded on the entry (refused), not returned.
func (l *Loader) read(ctx context.Context, c candidate) (*Entry, error) {
	e := &Entry{Name: filepath.Base(c.dir), Source: c.root.Kind, Root: c.root.Dir, Priority: c.root.Priority,
		Dir: c.dir, RealDir: c.real}
	if snap := l.stats.get(c.real); snap != nil {
		e.setSkill(snap.skill, snap)
		return e, nil
	}
	if _, err := os.Lstat(filepath.Join(c.real, skill.ManifestName)); err != nil {
		return nil, nil // not a skill
	}
	// The snapshot is taken before reading: a change during the read makes
	// the next load see a different tree, and it reads again.
	snap := takeSnap(c.real)
	rfs, err := skill.OpenDir(c.real)
	if err != nil {
		e.Status, e.Reason, e.Verdict, e.Code = StatusRefused, "cannot open skill directory: "+err.Error(), analyzer.VerdictBlock, CodeUnreadable
		return e, nil
	}
	s, err := skill.LoadTree(ctx, rfs, c.dir, l.gate.limits)
	rfs.Close()
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		e.Status, e.Reason, e.Verdict, e.Code = StatusRefused, "cannot read skill: "+err.Error(), analyzer.VerdictBlock, CodeUnreadable
		return e, nil
	}
	if snap != nil {
		l.stats.put(c.real, snap, s)
	}
	l.reads.Add(1)
	e.setSkill(s, snap)
	return e, nil
}

func (e *Entry) setSkill(s *skill.Skill, snap *treeSnap) {
	e.Skill, e.Name, e.Hash, e.snap = s, s.Name, s.Hash, snap
	e.Description = s.Manifest.Description
}

// resolve applies realpath dedup, the bundled allowlist, name filters and
// per-skill enablement, then precedence. Entries that remain to be gated
// keep an empty Status.
func (l *Loader) resolve(entries []*Entry) {
	realSeen := map[string]*Entry{}
	var bundled map[string]bool
	if l.opts.AllowBundled != nil {
		bundled = map[string]bool{}
		for _, n := range l.opts.AllowBundled {
			bundled[n] = true
		}
	}
	winners := map[string]*Entry{}
	for _, e := range entries { // precedence order
		if first := realSeen[e.RealDir]; first != nil {
			e.Status, e.Reason, e.Code = StatusDuplicate, "same directory as "+first.Dir+" (loaded once)", CodeDuplicate
			continue
		}
		realSeen[e.RealDir] = e
		if pin, ok := l.pins[e.Name]; ok && !pin.holds(e) {
			e.Status, e.Code = StatusPinnedOut, CodePinned
			e.Reason = "the name " + e.Name + " is pinned to " + pin.String() + "; this " + e.Source.String() + " copy may not take it"
			continue
		}
		if e.Status != "" {
			// Unreadable: refused, but it still claims its name so that a
			// lower source cannot take the name over by breaking it.
			if winners[e.Name] == nil {
				winners[e.Name] = e
			}
			continue
		}
		switch {
		case bundled != nil && e.Source == SourceBundled && !bundled[e.Name]:
			e.Status, e.Reason, e.Code = StatusFiltered, "bundled skill not in the bundled allowlist", CodeFiltered
			continue
		case len(l.opts.Include) > 0 && !matchAny(l.opts.Include, e.Name):
			e.Status, e.Reason, e.Code = StatusFiltered, "name matches no include pattern", CodeFiltered
			continue
		case matchAny(l.opts.Ignore, e.Name):
			e.Status, e.Reason, e.Code = StatusFiltered, "name matches an ignore pattern", CodeFiltered
			continue
		}
		if w := winners[e.Name]; w != nil {
			e.Status, e.ShadowedBy = StatusShadowed, w.Source.String()+" "+w.Dir
			e.Reason, e.Code = "shadowed by "+e.ShadowedBy, CodeShadowed
			w.Shadows = append(w.Shadows, e.Source.String()+" "+e.Dir)
			if w.Source != e.Source {
				w.shadowed = append(w.shadowed, e)
			}
			continue
		}
		winners[e.Name] = e
		if c, ok := l.opts.Skills[e.Name]; ok && c.Enabled != nil && !*c.Enabled {
			e.Status, e.Reason, e.Code = StatusDisabled, "disabled in the skill configuration (enabled: false)", CodeDisabled
		}
	}
}

func (k SourceKind) String() string { return string(k) }

func matchAny(globs []string, name string) bool {
	for _, g := range globs {
		if ok, _ := path.Match(g, name); ok {
			return true
		}
	}
	return false
}

// decide gates a winning entry and checks its eligibility.
func (l *Loader) decide(ctx context.Context, e *Entry) {
	d := l.gate.CheckFrom(ctx, e.Skill, Origin{Source: e.Source, Dirs: []string{e.Dir, e.RealDir}})
	if d.Result != nil && d.Result.Skill != e.Skill && d.Result.Skill.Hash == e.Skill.Hash {
		// A cache hit: serve the copy that was scanned (byte-identical, as
		// the hash covers every file) and let the fresh read go.
		e.Skill = d.Result.Skill
	}
	e.Result, e.Verdict, e.Findings, e.Approved = d.Result, d.Verdict, d.Blocking, d.Approved
	e.Provenance, e.Warnings = d.Provenance, d.Warnings
	el := CheckEligibility(e.Skill, l.envFor(e.Name))
	e.Eligibility = &el
	e.ModelInvocable = !boolKey(e.Skill.Manifest, "disable-model-invocation", false)
	e.UserInvocable = boolKey(e.Skill.Manifest, "user-invocable", true)
	switch {
	case !d.Admitted:
		e.Status, e.Reason, e.Code = StatusRefused, d.Reason, d.Code
	case !el.Eligible:
		e.Status, e.Reason, e.Code = StatusIneligible, strings.Join(el.Reasons, "; "), CodeIneligible
	default:
		e.Status, e.Reason = StatusAdmitted, d.Reason
	}
}

func (l *Loader) envFor(name string) EligibilityEnv {
	return EligibilityEnv{Platform: l.opts.Platform, LookPath: l.opts.LookPath, Getenv: l.opts.Getenv,
		Config: l.opts.Config, Skill: l.opts.Skills[name]}
}

// boolKey reads a top-level boolean frontmatter key.
func boolKey(m *skill.Manifest, key string, def bool) bool {
	k := m.Get(key)
	if k == nil || k.Value == nil {
		return def
	}
	switch strings.ToLower(k.Value.Value) {
	case "true", "yes", "on":
		return true
	case "false", "no", "off":
		return false
	}
	return def
}
