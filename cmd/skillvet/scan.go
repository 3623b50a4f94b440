package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/loader"
	"github.com/skillvet/skillvet/report"
	"github.com/skillvet/skillvet/rules"
	_ "github.com/skillvet/skillvet/sarif" // registers the sarif format
)

type scanOptions struct {
	format   string
	output   string
	failOn   string
	jobs     int
	enable   listFlag
	disable  listFlag
	quiet    bool
	noColor  bool
	showSupp bool
	lintOnly bool
}

func addScanFlags(fs *flag.FlagSet, o *scanOptions) {
	fs.StringVar(&o.format, "format", "text", "output format: "+strings.Join(report.Formats(), ", "))
	fs.StringVar(&o.output, "o", "", "write the report to this file instead of standard output")
	fs.StringVar(&o.output, "output", "", "same as -o")
	fs.StringVar(&o.failOn, "fail-on", "high", "lowest severity that fails the scan: critical, high, medium, low, info or none")
	fs.IntVar(&o.jobs, "jobs", runtime.NumCPU(), "files analysed in parallel")
	fs.Var(&o.enable, "enable", "run only these rule IDs (comma-separated, repeatable)")
	fs.Var(&o.disable, "disable", "do not run these rule IDs (comma-separated, repeatable)")
	fs.BoolVar(&o.quiet, "quiet", false, "print nothing but findings (no summary, no progress)")
	fs.BoolVar(&o.noColor, "no-color", false, "disable colour in text output (NO_COLOR is respected too)")
	fs.BoolVar(&o.showSupp, "show-suppressed", false, "list suppressed findings in text and markdown output")
}

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
	if len(paths) == 0 {
		paths = []string{"."}
	}
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

func runScan(ctx context.Context, e *env, o *scanOptions, paths []string) int {
	failOn, err := analyzer.ParseSeverity(o.failOn)
	if err != nil {
		fmt.Fprintln(e.stderr, "skillvet:", err)
		return exitError
	}
	write, err := report.Lookup(o.format)
	if err != nil {
		fmt.Fprintln(e.stderr, "skillvet:", err)
		return exitError
	}
	set := rules.All()
	if o.lintOnly {
		set = append(analyzer.BuiltinRules(), rules.Lint()...)
	}
	set, err = selectRules(set, o.enable, o.disable)
	if err != nil {
		fmt.Fprintln(e.stderr, "skillvet:", err)
		return exitError
	}
	found, err := loader.Discover(paths)
	if err != nil {
		fmt.Fprintln(e.stderr, "skillvet:", err)
		return exitError
	}
	if len(found.Dirs) == 0 && !o.quiet {
		fmt.Fprintf(e.stderr, "skillvet: no skills found under %s (a skill is a directory with a SKILL.md)\n", strings.Join(paths, ", "))
	}
	eng, err := analyzer.New(set, analyzer.Options{Jobs: o.jobs})
	if err != nil {
		fmt.Fprintln(e.stderr, "skillvet:", err)
		return exitError
	}
	results, err := eng.ScanAll(ctx, loader.Sources(found.Dirs), nil)
	if err != nil {
		fmt.Fprintln(e.stderr, "skillvet:", err)
		return exitError
	}
	rep := &report.Report{
		Tool:           report.Tool{Name: "skillvet", Version: toolVersion(), InformationURI: "https://github.com/skillvet/skillvet"},
		Results:        results,
		Rules:          set,
		FailOn:         failOn,
		ShowSuppressed: o.showSupp,
		Color:          o.format == "text" && o.output == "" && e.isTTY && e.getenv("NO_COLOR") == "" && !o.noColor,
	}
	if code := writeReport(e, o.output, write, rep); code != exitOK {
		return code
	}
	return exitCode(e, rep, o.quiet)
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
