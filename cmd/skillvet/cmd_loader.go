package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/config"
	"github.com/skillvet/skillvet/loader"
	"github.com/skillvet/skillvet/provenance"
)

// loaderOptions are the flags shared by list, info, prompt, render and
// resolve: where skills come from and how the gate is configured.
type loaderOptions struct {
	roots     listFlag
	bundled   listFlag
	workspace string
	app       string
	agentCfg  string
	config    string
	failOn    string
	approve   listFlag
	pins      listFlag
	format    string
	isolate   bool

	threshold analyzer.Severity // the gate's, once the loader is built
}

func addLoaderFlags(fs *flag.FlagSet, o *loaderOptions) {
	fs.Var(&o.roots, "root", "skill root (a directory of <name>/SKILL.md; repeatable, later wins); replaces the user roots (~/.config/<app>/skills, ~/.claude/skills, ~/.agents/skills) and, unless --workspace is given, the workspace roots")
	fs.Var(&o.bundled, "bundled", "directory of bundled skills (repeatable)")
	fs.StringVar(&o.workspace, "workspace", "", "project directory whose skills, .claude/skills and .agents/skills roots win over all others (default: the current directory when no --root is given)")
	fs.StringVar(&o.app, "app", "skillvet", "agent name for the ~/.config/<app>/skills root")
	fs.StringVar(&o.agentCfg, "agent-config", "", "agent configuration file (YAML or JSON): skills (per-skill enabled, env, apiKey), config, include, ignore, allowBundled, approvals, pins")
	fs.StringVar(&o.config, "config", "", "skillvet configuration (default: the nearest .skillvet.yaml above the workspace and its git repository; never the workspace's own): gate threshold, admissions and pins, rules, limits, allowed hosts, custom rules")
	fs.StringVar(&o.failOn, "fail-on", "", "lowest severity that keeps a skill out: critical, high, medium, low or info (default: gate.threshold from .skillvet.yaml, else high)")
	fs.Var(&o.approve, "approve", "admit one skill version whatever its findings: HASH=REASON (repeatable; the hash is printed by list and info)")
	fs.Var(&o.pins, "pin", "keep a skill name with one source: NAME=SOURCE, SOURCE a kind (user, managed, bundled, extra, workspace) or an absolute directory; a copy from anywhere else is kept out (repeatable; also gate.pin in --config, pins in --agent-config)")
	fs.StringVar(&o.format, "format", "text", "output format: text or json")
	fs.BoolVar(&o.isolate, "isolate", false, "analyse each skill in a separate worker process: a parser crash, stack overflow or runaway allocation refuses the skill instead of killing skillvet")
}

// loaderFile is the --config file.
type loaderFile struct {
	Skills       map[string]loader.SkillConfig `yaml:"skills" json:"skills"`
	Config       map[string]any                `yaml:"config" json:"config"`
	Include      []string                      `yaml:"include" json:"include"`
	Ignore       []string                      `yaml:"ignore" json:"ignore"`
	AllowBundled []string                      `yaml:"allowBundled" json:"allowBundled"`
	Approvals    []loader.Approval             `yaml:"approvals" json:"approvals"`
	Pins         map[string]string             `yaml:"pins" json:"pins"`
}

// skillConfigYAML mirrors loader.SkillConfig for YAML decoding.
type skillConfigYAML struct {
	Enabled *bool             `yaml:"enabled"`
	Env     map[string]string `yaml:"env"`
	APIKey  string            `yaml:"apiKey"`
}

func readLoaderFile(p string) (*loaderFile, error) {
	b, err := os.ReadFile(p)
	if err != nil {
		return nil, err
	}
	var raw struct {
		Skills       map[string]skillConfigYAML `yaml:"skills"`
		Config       map[string]any             `yaml:"config"`
		Include      []string                   `yaml:"include"`
		Ignore       []string                   `yaml:"ignore"`
		AllowBundled []string                   `yaml:"allowBundled"`
		Pins         map[string]string          `yaml:"pins"`
		Approvals    []struct {
			Hash   string `yaml:"hash"`
			Reason string `yaml:"reason"`
		} `yaml:"approvals"`
	}
	dec := yaml.NewDecoder(strings.NewReader(string(b)))
	dec.KnownFields(true)
	if err := dec.Decode(&raw); err != nil && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	f := &loaderFile{Skills: map[string]loader.SkillConfig{}, Config: raw.Config, Include: raw.Include,
		Ignore: raw.Ignore, AllowBundled: raw.AllowBundled, Pins: raw.Pins}
	for n, c := range raw.Skills {
		f.Skills[n] = loader.SkillConfig{Enabled: c.Enabled, Env: c.Env, APIKey: c.APIKey}
	}
	for _, a := range raw.Approvals {
		f.Approvals = append(f.Approvals, loader.Approval{Hash: a.Hash, Reason: a.Reason})
	}
	return f, nil
}

// roots builds the root list from the flags.
func (o *loaderOptions) rootList(e *env) ([]loader.Root, error) {
	d := loader.Defaults{App: o.app, Bundled: o.bundled, Workspace: o.workspace}
	if len(o.roots) == 0 {
		home := e.getenv("HOME")
		if home == "" {
			if h, err := os.UserHomeDir(); err == nil {
				home = h
			}
		}
		d.Home = home
		if d.Workspace == "" {
			d.Workspace = "."
		}
	}
	roots := loader.DefaultRoots(d)
	for i, r := range o.roots {
		// Given roots sit between bundled and workspace, in the order given.
		roots = append(roots, loader.Root{Dir: r, Kind: loader.SourceUser, Priority: loader.PriorityUser + i})
	}
	for i := range roots {
		if abs, err := filepath.Abs(roots[i].Dir); err == nil {
			roots[i].Dir = abs
		}
	}
	return roots, nil
}

// load builds a loader from the flags and loads once.
func (o *loaderOptions) load(ctx context.Context, e *env) (*loader.Registry, error) {
	l, err := o.newLoader(e)
	if err != nil {
		return nil, err
	}
	defer l.Close() // the registry is complete: no further scans
	return l.Load(ctx)
}

// newLoader builds a loader from the flags; it does not load.
func (o *loaderOptions) newLoader(e *env) (*loader.Loader, error) {
	if o.format != "text" && o.format != "json" {
		return nil, fmt.Errorf("unknown format %q (want text or json)", o.format)
	}
	cfgPath := o.config
	if cfgPath == "" {
		start := o.workspace
		if start == "" {
			start = "."
		}
		// Not the workspace's own: it could admit its own skills.
		var skipped string
		cfgPath, skipped = config.FindAbove(start)
		if skipped != "" {
			fmt.Fprintf(e.stderr, "skillvet: not configuring the gate from %s: a workspace does not configure the gate that guards against it (use --config to choose a file)\n", skipped)
		}
	}
	cfg := &config.Config{}
	if cfgPath != "" {
		var err error
		if cfg, err = config.Load(cfgPath); err != nil {
			return nil, err
		}
	}
	thName := o.failOn
	if thName == "" {
		thName = cfg.Gate.Threshold
	}
	if thName == "" {
		thName = "high"
	}
	th, err := analyzer.ParseSeverity(thName)
	if err != nil {
		return nil, err
	}
	if th == analyzer.SevNone {
		return nil, errors.New("--fail-on none would admit everything; the loader gate needs a threshold")
	}
	o.threshold = th
	roots, err := o.rootList(e)
	if err != nil {
		return nil, err
	}
	set, err := configuredRules(cfg)
	if err != nil {
		return nil, err
	}
	prov, err := newProvSetup(cfg, nil, true)
	if err != nil {
		return nil, err
	}
	opts := loader.Options{Roots: roots, Threshold: th, Getenv: e.getenv, Rules: set, Limits: cfg.SkillLimits(),
		FileTimeout: cfg.Limits.FileTimeout, Severity: cfg.SeverityOverrides(), AllowedHosts: cfg.AllowedHosts,
		Isolate: o.isolate, CustomRules: cfg.CustomRules, Verifier: prov.verifier, Policy: prov.policy, Lock: prov.lock}
	for _, a := range cfg.Gate.Admit {
		opts.Approvals = append(opts.Approvals, loader.Approval{Hash: a.Hash, Reason: a.Reason})
	}
	opts.Pins = map[string]string{}
	for n, p := range cfg.Gate.Pin {
		opts.Pins[n] = p
	}
	if o.agentCfg != "" {
		f, err := readLoaderFile(o.agentCfg)
		if err != nil {
			return nil, err
		}
		opts.Skills, opts.Config, opts.Include, opts.Ignore = f.Skills, f.Config, f.Include, f.Ignore
		opts.AllowBundled = f.AllowBundled
		opts.Approvals = append(opts.Approvals, f.Approvals...)
		for n, p := range f.Pins {
			if q, ok := opts.Pins[n]; ok && q != p {
				return nil, fmt.Errorf("%s: pin %s: %q here, %q in %s", o.agentCfg, n, p, q, cfgPath)
			}
			opts.Pins[n] = p
		}
	}
	for _, p := range o.pins {
		n, src, ok := strings.Cut(p, "=")
		if !ok || n == "" || src == "" {
			return nil, fmt.Errorf("--pin %q: want NAME=SOURCE (user, managed, bundled, extra, workspace, or an absolute directory)", p)
		}
		opts.Pins[n] = src
	}
	for _, a := range o.approve {
		h, reason, ok := strings.Cut(a, "=")
		if !ok || strings.TrimSpace(reason) == "" {
			return nil, fmt.Errorf("--approve %q: want HASH=REASON", a)
		}
		opts.Approvals = append(opts.Approvals, loader.Approval{Hash: h, Reason: reason})
	}
	return loader.New(opts)
}

// loaderMain parses the shared flags plus the command's own, loads, and
// runs body. Errors before body are usage or runtime errors (exit 2).
func loaderMain(ctx context.Context, e *env, c *command, args []string, extra func(*flag.FlagSet),
	body func(reg *loader.Registry, o *loaderOptions, pos []string) int) int {
	return runLoaderCommand(ctx, e, c, args, extra, true, body)
}

// loaderMainUntilName is loaderMain for commands whose arguments after the
// first positional one belong to the skill: flags are parsed only before
// it.
func loaderMainUntilName(ctx context.Context, e *env, c *command, args []string, extra func(*flag.FlagSet),
	body func(reg *loader.Registry, o *loaderOptions, pos []string) int) int {
	return runLoaderCommand(ctx, e, c, args, extra, false, body)
}

func runLoaderCommand(ctx context.Context, e *env, c *command, args []string, extra func(*flag.FlagSet), interleaved bool,
	body func(reg *loader.Registry, o *loaderOptions, pos []string) int) int {
	o := &loaderOptions{}
	fs := newFlags(e, c)
	addLoaderFlags(fs, o)
	if extra != nil {
		extra(fs)
	}
	var pos []string
	var err error
	if interleaved {
		pos, err = parseInterleaved(fs, args)
	} else if err = fs.Parse(args); err == nil {
		pos = fs.Args()
	}
	if err != nil {
		return flagExit(err)
	}
	reg, err := o.load(ctx, e)
	if err != nil {
		fmt.Fprintln(e.stderr, "skillvet:", err)
		return exitError
	}
	return body(reg, o, pos)
}

func writeJSON(e *env, v any) int {
	enc := json.NewEncoder(e.stdout)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		fmt.Fprintln(e.stderr, "skillvet:", err)
		return exitError
	}
	return exitOK
}

// entryJSON is the JSON form of a registry entry (list and info).
type entryJSON struct {
	Name           string              `json:"name"`
	Source         string              `json:"source"`
	Root           string              `json:"root"`
	Path           string              `json:"path"`
	RealPath       string              `json:"realPath"`
	Hash           string              `json:"hash,omitempty"`
	Status         string              `json:"status"`
	Eligible       *bool               `json:"eligible,omitempty"`
	Verdict        string              `json:"verdict,omitempty"`
	Reason         string              `json:"reason,omitempty"`
	ShadowedBy     string              `json:"shadowedBy,omitempty"`
	Shadows        []string            `json:"shadows,omitempty"`
	Code           string              `json:"code,omitempty"`
	Description    string              `json:"description,omitempty"`
	ModelInvocable bool                `json:"modelInvocable"`
	UserInvocable  bool                `json:"userInvocable"`
	Approved       *loader.Approval    `json:"approved,omitempty"`
	Provenance     *provenanceJSON     `json:"provenance,omitempty"`
	Warnings       []string            `json:"warnings,omitempty"`
	Eligibility    *loader.Eligibility `json:"eligibility,omitempty"`
	Frontmatter    map[string]any      `json:"frontmatter,omitempty"`
	Blocking       []findingJSON       `json:"blocking"`
	Findings       []findingJSON       `json:"findings,omitempty"`
}

type findingJSON struct {
	Rule     string `json:"rule"`
	Severity string `json:"severity"`
	File     string `json:"file"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
	Message  string `json:"message"`
	Evidence string `json:"evidence,omitempty"`
}

func toFindingsJSON(fs []analyzer.Finding) []findingJSON {
	out := []findingJSON{}
	for _, f := range fs {
		out = append(out, findingJSON{Rule: f.Rule, Severity: f.Severity.String(), File: f.File,
			Line: f.Start.Line, Column: f.Start.Column, Message: f.Message, Evidence: f.Evidence})
	}
	return out
}

func toEntryJSON(x *loader.Entry, all bool) entryJSON {
	j := entryJSON{Name: x.Name, Source: string(x.Source), Root: x.Root, Path: x.Dir, RealPath: x.RealDir,
		Hash: x.Hash, Status: string(x.Status), Verdict: string(x.Verdict), Reason: x.Reason,
		ShadowedBy: x.ShadowedBy, Shadows: x.Shadows, Code: string(x.Code), Description: x.Description, ModelInvocable: x.ModelInvocable,
		UserInvocable: x.UserInvocable, Approved: x.Approved, Blocking: toFindingsJSON(x.Findings),
		Provenance: toProvenanceJSON(x.Provenance, all), Warnings: x.Warnings}
	if x.Eligibility != nil {
		ok := x.Eligibility.Eligible
		j.Eligible = &ok
		if all {
			j.Eligibility = x.Eligibility
		}
	}
	if all && x.Skill != nil && x.Skill.Manifest != nil && x.Skill.Manifest.Root != nil {
		var fm map[string]any
		if err := x.Skill.Manifest.Root.Decode(&fm); err == nil {
			if _, err := json.Marshal(fm); err == nil { // e.g. non-string keys
				j.Frontmatter = fm
			}
		}
	}
	if all && x.Result != nil {
		j.Findings = toFindingsJSON(x.Result.Findings)
	}
	return j
}

// servedExit maps an error from Render or Resolve to an exit code: 1 when
// the skill or file is not served (refused, ineligible, not found, an
// invalid URI), 2 otherwise.
func servedExit(e *env, err error) int {
	fmt.Fprintln(e.stderr, "skillvet:", analyzer.Sanitize(err.Error()))
	var re *loader.RefusedError
	if errors.As(err, &re) || errors.Is(err, loader.ErrNotFound) || errors.Is(err, loader.ErrBadURI) {
		return exitFindings
	}
	return exitError
}

// warnShadowing prints, on stderr, every skill that replaces one of another
// source (a workspace skill named like the user's own) or was kept out by
// a pin; only names in only, when given.
func warnShadowing(e *env, reg *loader.Registry, only map[string]bool) {
	for _, s := range reg.Shadowings() {
		if only == nil || only[s.Name] {
			fmt.Fprintln(e.stderr, "skillvet: warning:", analyzer.Sanitize(s.String()))
		}
	}
}

// shadowingJSON is the JSON list of shadowings (never null).
func shadowingJSON(reg *loader.Registry) []loader.Shadowing {
	out := reg.Shadowings()
	if out == nil {
		out = []loader.Shadowing{}
	}
	return out
}

// provenanceJSON is an entry's provenance in list and info.
type provenanceJSON struct {
	// Policy is the provenance policy that applied: require, prefer or off.
	Policy string `json:"policy"`
	// Anchor is the trust anchor the policy requires ("" for any).
	Anchor string `json:"anchor,omitempty"`
	// Status is verified, failed, unsigned or unchecked.
	Status string `json:"status"`
	// SignedBy is the trust anchor the signature chains to; Signer the
	// signing certificate's subject.
	SignedBy    string               `json:"signedBy,omitempty"`
	Signer      string               `json:"signer,omitempty"`
	Reason      string               `json:"reason,omitempty"`
	ContentHash string               `json:"contentHash,omitempty"`
	Problems    []provenance.Problem `json:"problems,omitempty"`
}

func toProvenanceJSON(c *provenance.Check, all bool) *provenanceJSON {
	if c == nil {
		return nil
	}
	j := &provenanceJSON{Policy: string(c.Mode), Anchor: c.Anchor, Status: string(c.Status()), ContentHash: c.ContentHash}
	if r := c.Result; r != nil {
		j.SignedBy, j.Signer, j.Reason = r.Anchor, r.Signer, r.Reason()
		if all {
			j.Problems = r.Problems
		}
	}
	return j
}

// provenanceCell is the PROVENANCE column of list: verified:ANCHOR,
// failed, unsigned, unchecked, or - when nothing was checked.
func provenanceCell(c *provenance.Check) string {
	if c == nil {
		return "-"
	}
	st := c.Status()
	if st == provenance.StatusVerified {
		return "verified:" + c.Result.Anchor
	}
	if st == provenance.StatusUnsigned && c.Result == nil {
		return "-"
	}
	return string(st)
}

// warnProvenance prints, on stderr, the provenance warnings of entries
// (a signature the policy prefers and the skill lacks); only names in
// only, when given.
func warnProvenance(e *env, reg *loader.Registry, only map[string]bool) {
	for _, x := range reg.Entries() {
		if only != nil && !only[x.Name] {
			continue
		}
		for _, w := range x.Warnings {
			fmt.Fprintf(e.stderr, "skillvet: warning: %s: %s\n", analyzer.Sanitize(x.Name), analyzer.Sanitize(w))
		}
	}
}
