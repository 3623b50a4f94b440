package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"sort"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/baseline"
	"github.com/skillvet/skillvet/config"
	"github.com/skillvet/skillvet/loader"
	"github.com/skillvet/skillvet/provenance"
	"github.com/skillvet/skillvet/report"
	"github.com/skillvet/skillvet/rules"
	_ "github.com/skillvet/skillvet/sarif" // registers the sarif format
)

type scanOptions struct {
	format     string
	output     string
	failOn     string
	failOnLint bool
	jobs       int
	enable     listFlag
	disable    listFlag
	quiet      bool
	noColor    bool
	showSupp   bool
	lintOnly   bool

	severity   string // lowest severity listed (text, markdown)
	maxPerRule int    // findings of one rule listed (text, markdown)

	config        string
	baseline      string
	writeBaseline string
	staged        bool
	since         string
	noSuppress    bool
	isolate       bool
	cpuprofile    string
	memprofile    string
	reports       listFlag        // extra outputs, FORMAT=FILE
	explicit      map[string]bool // flags given on the command line
}

func addScanFlags(fs *flag.FlagSet, o *scanOptions) {
	fs.StringVar(&o.format, "format", "text", "output format: "+strings.Join(report.Formats(), ", "))
	fs.StringVar(&o.output, "o", "", "write the report to this file instead of standard output")
	fs.StringVar(&o.output, "output", "", "same as -o")
	fs.StringVar(&o.failOn, "fail-on", "high", "lowest severity that fails the scan: critical, high, medium, low, info or none")
	fs.BoolVar(&o.failOnLint, "fail-on-lint", false, "let specification lint findings at or above --fail-on fail the scan (by default lint never blocks)")
	fs.IntVar(&o.jobs, "jobs", runtime.NumCPU(), "files analysed in parallel")
	fs.Var(&o.enable, "enable", "run only these rule IDs (comma-separated, repeatable)")
	fs.Var(&o.disable, "disable", "do not run these rule IDs (comma-separated, repeatable)")
	fs.BoolVar(&o.quiet, "quiet", false, "print nothing but findings (no tally, no summary, no notes)")
	fs.StringVar(&o.severity, "severity", "info", "list only findings at or above this severity in text and markdown output (counted, never hidden from JSON or SARIF, never changes the exit code)")
	fs.IntVar(&o.maxPerRule, "max-per-rule", defaultMaxPerRule, "list at most this many findings of one rule in text and markdown output and count the rest; findings that block are always listed (0: no cap)")
	fs.BoolVar(&o.noColor, "no-color", false, "disable colour in text output (NO_COLOR is respected too)")
	fs.BoolVar(&o.showSupp, "show-suppressed", false, "list suppressed findings in text and markdown output")
	fs.StringVar(&o.config, "config", "", "configuration file (default: .skillvet.yaml found by walking up from the first path)")
	fs.StringVar(&o.baseline, "baseline", "", "baseline file: findings recorded in it do not count")
	fs.StringVar(&o.writeBaseline, "write-baseline", "", "record every current finding in this baseline file and exit 0")
	fs.BoolVar(&o.staged, "staged", false, "scan only skills with staged changes, as staged in the git index")
	fs.StringVar(&o.since, "since", "", "scan only skills with files changed since this git ref (committed, staged, unstaged or untracked)")
	fs.Var(&o.reports, "report", "also write a report in another format, FORMAT=FILE (repeatable), e.g. --report sarif=out.sarif")
	fs.BoolVar(&o.noSuppress, "no-inline-suppressions", false, "ignore skillvet:ignore directives (use for third-party skills)")
	fs.StringVar(&o.cpuprofile, "cpuprofile", "", "write a CPU profile of the scan to this file, for performance work (go tool pprof)")
	fs.StringVar(&o.memprofile, "memprofile", "", "write a heap profile to this file once every skill is scanned, before the report is written, for performance work (go tool pprof)")
	fs.BoolVar(&o.isolate, "isolate", false, "analyse each skill in a separate worker process: a parser crash, stack overflow or runaway allocation blocks the skill instead of killing skillvet")
}

// defaultMaxPerRule is the per-rule cap on listed findings (config
// report.max-per-rule, flag --max-per-rule).
const defaultMaxPerRule = 10

func init() {
	register(&command{name: "scan", usage: "scan [flags] [paths...]",
		summary: "Scan skills for security problems and spec violations (paths: skill dirs, SKILL.md files, or roots holding many skills)",
		run:     func(ctx context.Context, e *env, args []string) int { return scanMain(ctx, e, args, false) }})
	register(&command{name: "lint", usage: "lint [flags] [paths...]",
		summary: "Check skills against the Agent Skills spec and its Claude Code and OpenClaw extensions (lint rules only)",
		run:     func(ctx context.Context, e *env, args []string) int { return scanMain(ctx, e, args, true) }})
}

func scanMain(ctx context.Context, e *env, args []string, lint bool) int {
	name := "scan"
	if lint {
		name = "lint"
	}
	o := &scanOptions{lintOnly: lint}
	fs := newFlags(e, commands[name])
	addScanFlags(fs, o)
	paths, err := parseInterleaved(fs, args)
	if err != nil {
		return flagExit(err)
	}
	o.explicit = map[string]bool{}
	fs.Visit(func(f *flag.Flag) { o.explicit[f.Name] = true })
	return runScan(ctx, e, o, paths)
}

// selectRules applies --enable/--disable to a rule set. Unknown IDs are
// errors so a typo cannot silently disable nothing.
func selectRules(all []*analyzer.Rule, enable, disable []string) ([]*analyzer.Rule, error) {
	known := map[string]bool{}
	for _, r := range all {
		known[r.ID] = true
	}
	for _, id := range append(append([]string{}, enable...), disable...) {
		if !known[strings.ToUpper(id)] {
			return nil, fmt.Errorf("unknown rule %q (see 'skillvet rules')", id)
		}
	}
	on := map[string]bool{}
	for _, id := range enable {
		on[strings.ToUpper(id)] = true
	}
	off := map[string]bool{}
	for _, id := range disable {
		off[strings.ToUpper(id)] = true
	}
	var out []*analyzer.Rule
	for _, r := range all {
		failClosed := r == analyzer.UnreadableContent || r == analyzer.AnalysisFailed
		if failClosed && off[r.ID] {
			return nil, fmt.Errorf("rule %s is how the scanner fails closed and cannot be disabled", r.ID)
		}
		if !failClosed && (len(on) > 0 && !on[r.ID] || off[r.ID]) {
			continue
		}
		out = append(out, r)
	}
	return out, nil
}

// scanSetup is everything a scan needs, from flags and configuration.
type scanSetup struct {
	cfg     *config.Config
	failOn  analyzer.Severity
	lint    bool // lint findings count toward the verdict
	rules   []*analyzer.Rule
	opts    analyzer.Options
	display report.Display
}

// setup reads the configuration and merges it with the flags (flags win).
func setup(o *scanOptions, paths []string) (*scanSetup, error) {
	cfgPath := o.config
	if cfgPath == "" {
		first := "."
		if len(paths) > 0 {
			first = paths[0]
		}
		cfgPath = config.Find(first)
	}
	cfg := &config.Config{}
	if cfgPath != "" {
		var err error
		if cfg, err = config.Load(cfgPath); err != nil {
			return nil, err
		}
	}
	failOnName := "high"
	if cfg.FailOn != "" {
		failOnName = cfg.FailOn
	}
	if o.explicit["fail-on"] {
		failOnName = o.failOn
	}
	failOn, err := analyzer.ParseSeverity(failOnName)
	if err != nil {
		return nil, err
	}
	custom, err := cfg.BuildCustomRules()
	if err != nil {
		return nil, err
	}
	set := append(builtinRules(), custom...)
	known := map[string]bool{}
	for _, r := range set {
		known[r.ID] = true
	}
	if err := cfg.CheckExcludeRules(func(id string) bool { return known[id] }, func(id string) bool {
		return id == analyzer.UnreadableContent.ID || id == analyzer.AnalysisFailed.ID
	}); err != nil {
		return nil, err
	}
	display, err := displaySettings(o, cfg)
	if err != nil {
		return nil, err
	}
	if o.lintOnly {
		set = analyzer.BuiltinRules()
		for _, r := range append(rules.Lint(), custom...) {
			if r.Category == analyzer.CatLint {
				set = append(set, r)
			}
		}
	}
	enable := cfg.Rules.Enable
	if len(o.enable) > 0 {
		enable = o.enable
	}
	set, err = selectRules(set, enable, append(append([]string{}, cfg.Rules.Disable...), o.disable...))
	if err != nil {
		return nil, err
	}
	sort.Slice(set, func(i, j int) bool { return set[i].ID < set[j].ID })
	jobs := o.jobs
	if !o.explicit["jobs"] && cfg.Jobs > 0 {
		jobs = cfg.Jobs
	}
	lint := cfg.FailOnLint
	if o.explicit["fail-on-lint"] {
		lint = o.failOnLint
	}
	return &scanSetup{cfg: cfg, failOn: failOn, lint: lint, rules: set, display: display, opts: analyzer.Options{
		Jobs:              jobs,
		Limits:            cfg.SkillLimits(),
		FileTimeout:       cfg.Limits.FileTimeout,
		Config:            analyzer.RuleConfig{AllowedHosts: cfg.AllowedHosts},
		HonorSuppressions: !o.noSuppress,
		Severity:          cfg.SeverityOverrides(),
	}}, nil
}

// displaySettings merges --severity, --max-per-rule and --quiet with the
// config's report section (flags win).
func displaySettings(o *scanOptions, cfg *config.Config) (report.Display, error) {
	d := report.Display{MaxPerRule: defaultMaxPerRule, Quiet: o.quiet}
	sevName := "info"
	if cfg.Report.Severity != "" {
		sevName = cfg.Report.Severity
	}
	if o.explicit["severity"] {
		sevName = o.severity
	}
	sev, err := analyzer.ParseSeverity(sevName)
	if err != nil || sev == analyzer.SevNone {
		return d, fmt.Errorf("--severity %q: want critical, high, medium, low or info", sevName)
	}
	d.MinSeverity = sev
	if cfg.Report.MaxPerRule != nil {
		d.MaxPerRule = *cfg.Report.MaxPerRule
	}
	if o.explicit["max-per-rule"] {
		d.MaxPerRule = o.maxPerRule
	}
	if d.MaxPerRule < 0 {
		return d, fmt.Errorf("--max-per-rule %d: want 0 (no cap) or more", d.MaxPerRule)
	}
	return d, nil
}

func runScan(ctx context.Context, e *env, o *scanOptions, paths []string) int {
	fail := func(err error) int {
		fmt.Fprintln(e.stderr, "skillvet:", err)
		return exitError
	}
	write, err := report.Lookup(o.format)
	if err != nil {
		return fail(err)
	}
	if o.cpuprofile != "" {
		f, err := os.Create(o.cpuprofile)
		if err != nil {
			return fail(err)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			f.Close()
			return fail(err)
		}
		defer func() { pprof.StopCPUProfile(); f.Close() }()
	}
	var memprof *os.File // created now, so that a bad path fails before the scan
	if o.memprofile != "" {
		if memprof, err = os.Create(o.memprofile); err != nil {
			return fail(err)
		}
		defer func() {
			if memprof != nil {
				memprof.Close()
			}
		}()
	}
	type extra struct {
		write report.Writer
		file  string
	}
	var extras []extra
	for _, spec := range o.reports {
		format, file, ok := strings.Cut(spec, "=")
		if !ok || file == "" {
			return fail(fmt.Errorf("--report %q: want FORMAT=FILE", spec))
		}
		w, err := report.Lookup(format)
		if err != nil {
			return fail(err)
		}
		extras = append(extras, extra{w, file})
	}
	if o.staged && o.since != "" {
		return fail(fmt.Errorf("--staged and --since cannot be combined"))
	}
	st, err := setup(o, paths)
	if err != nil {
		return fail(err)
	}
	var srcs []analyzer.Source
	switch {
	case o.staged:
		if srcs, err = stagedSources(ctx, paths); err != nil {
			return fail(err)
		}
	case o.since != "":
		dirs, err := sinceDirs(ctx, o.since, paths)
		if err != nil {
			return fail(err)
		}
		srcs = loader.Sources(dirs)
	default:
		if len(paths) == 0 {
			paths = []string{"."}
		}
		found, err := loader.Discover(paths)
		if err != nil {
			return fail(err)
		}
		if len(found.Dirs) == 0 {
			if len(found.Outside) == len(paths) {
				// Only files outside any skill (pre-commit passes every
				// staged file): nothing of ours to check.
				note(e, o, "none of the %d given file(s) is inside a skill; nothing to scan", len(paths))
			} else {
				return fail(fmt.Errorf("no skills found under %s (a skill is a directory with a SKILL.md); nothing was scanned", strings.Join(paths, ", ")))
			}
		}
		srcs = found.Sources()
	}
	if len(srcs) == 0 && (o.staged || o.since != "") {
		note(e, o, "no skill has changes to scan")
	}
	kept := srcs[:0]
	for _, s := range srcs {
		if !st.cfg.Excluded(s.Dir) {
			kept = append(kept, s)
		}
	}
	if len(kept) == 0 && len(srcs) > 0 {
		note(e, o, "all %d skill(s) found are excluded by %s; nothing to scan", len(srcs), st.cfg.Path)
	}
	eng, err := analyzer.New(st.rules, st.opts)
	if err != nil {
		return fail(err)
	}
	scanAll := eng.ScanAll
	if o.isolate {
		scanAll = isolatedScanAll(eng, st)
	}
	// Reports need findings, not bytes or file lists: let each skill go as
	// soon as its result is complete, keeping its identity, so memory
	// follows the largest skill plus a few hundred bytes of result per
	// skill. The provenance check needs to know which skills carry a
	// signature file: that is noted first.
	signed := map[string]bool{}
	results, err := scanAll(ctx, kept, func(r *analyzer.Result) {
		if r.Skill != nil {
			if provenance.HasSignature(r.Skill) {
				signed[r.Dir] = true
			}
			r.Skill = r.Skill.Identity()
		}
	})
	if err != nil {
		return fail(err)
	}
	if memprof != nil {
		runtime.GC() // the live heap: what the results and the engine keep
		err := pprof.WriteHeapProfile(memprof)
		if cerr := memprof.Close(); err == nil {
			err = cerr
		}
		memprof = nil
		if err != nil {
			return fail(err)
		}
	}
	if !o.lintOnly {
		if err := addProvenanceFindings(ctx, st, kept, results, signed); err != nil {
			return fail(err)
		}
	}
	for _, r := range results {
		dropExcludedFindings(st.cfg, r)
		applyExcludeRules(st.cfg, r)
	}
	if o.writeBaseline != "" {
		n, err := baseline.Write(o.writeBaseline, "skillvet "+toolVersion(), results)
		if err != nil {
			return fail(err)
		}
		if !o.quiet {
			fmt.Fprintf(e.stderr, "skillvet: recorded %d finding(s) in %s\n", n, o.writeBaseline)
		}
		return exitOK
	}
	if o.baseline != "" {
		b, err := baseline.Load(o.baseline)
		if err != nil {
			return fail(err)
		}
		b.Apply(o.baseline, results)
	}
	toStdout := o.output == "" || o.output == "-"
	rep := &report.Report{
		Tool:           report.Tool{Name: "skillvet", Version: toolVersion(), InformationURI: "https://github.com/skillvet/skillvet"},
		Results:        results,
		Rules:          st.rules,
		FailOn:         st.failOn,
		FailOnLint:     st.lint,
		ShowSuppressed: o.showSupp,
		Color:          o.format == "text" && toStdout && e.isTTY && e.getenv("NO_COLOR") == "" && !o.noColor,
		Display:        st.display,
	}
	if code := writeReport(e, o.output, write, rep); code != exitOK {
		return code
	}
	if !(o.format == "text" && toStdout) {
		// The report went to a file or is for machines: the outcome still
		// belongs on the terminal.
		where := ""
		if !toStdout {
			where = " (report: " + o.output + ")"
		}
		note(e, o, "%s%s", report.SummaryLine(rep), where)
	}
	for _, x := range extras {
		plain := *rep
		plain.Color = false
		if code := writeReport(e, x.file, x.write, &plain); code != exitOK {
			return code
		}
	}
	return exitCode(e, rep, o.quiet)
}

// note prints a line on standard error unless --quiet.
func note(e *env, o *scanOptions, format string, args ...any) {
	if !o.quiet {
		fmt.Fprintf(e.stderr, "skillvet: "+format+"\n", args...)
	}
}

// applyExcludeRules marks findings the config's exclude-rules cover as
// suppressed (kind external, with the entry's reason): they no longer
// count, and --show-suppressed, JSON and SARIF still show them. Content
// that could not be analysed is never covered.
func applyExcludeRules(cfg *config.Config, r *analyzer.Result) {
	for i := range r.Findings {
		f := &r.Findings[i]
		if f.Suppression != nil || f.Unanalysed {
			continue
		}
		if x := cfg.ExcludedRule(f.Rule, filepath.FromSlash(f.File)); x != nil {
			why := "exclude-rules in " + cfg.Path
			if x.Reason != "" {
				why += ": " + x.Reason
			}
			f.Suppression = &analyzer.Suppression{Kind: "external", Justification: why}
		}
	}
}

// dropExcludedFindings removes findings in files the config excludes. Content
// that could not be analysed is kept: excluding it would hide blindness.
func dropExcludedFindings(cfg *config.Config, r *analyzer.Result) {
	if len(cfg.Exclude) == 0 {
		return
	}
	kept := r.Findings[:0]
	for _, f := range r.Findings {
		if f.Unanalysed || !cfg.Excluded(filepath.FromSlash(f.File)) {
			kept = append(kept, f)
		}
	}
	r.Findings = kept
}

func writeReport(e *env, output string, write report.Writer, rep *report.Report) int {
	var w io.Writer = e.stdout
	var f *os.File
	if output != "" && output != "-" {
		var err error
		if f, err = os.Create(output); err != nil {
			fmt.Fprintln(e.stderr, "skillvet:", err)
			return exitError
		}
		w = f
	}
	bw := bufio.NewWriter(w)
	err := write(bw, rep)
	if err == nil {
		err = bw.Flush()
	}
	if f != nil {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintln(e.stderr, "skillvet: writing report:", err)
		return exitError
	}
	return exitOK
}

// exitCode is 2 when any analysis crashed (the report is incomplete), 1
// when any skill is blocked, else 0.
func exitCode(e *env, rep *report.Report, quiet bool) int {
	s := rep.Summarize()
	if s.Errors > 0 {
		if !quiet {
			fmt.Fprintf(e.stderr, "skillvet: %d internal analysis error(s); the report is incomplete\n", s.Errors)
		}
		return exitError
	}
	if s.Blocked > 0 {
		return exitFindings
	}
	return exitOK
}

// configuredRules is the built-in and custom rules of the configuration,
// with its enable and disable lists applied: the set the gate runs.
func configuredRules(cfg *config.Config) ([]*analyzer.Rule, error) {
	custom, err := cfg.BuildCustomRules()
	if err != nil {
		return nil, err
	}
	return selectRules(append(builtinRules(), custom...), cfg.Rules.Enable, cfg.Rules.Disable)
}
