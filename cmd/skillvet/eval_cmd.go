package main

import (
	"context"
	"fmt"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/eval"
	"github.com/skillvet/skillvet/loader"
	"github.com/skillvet/skillvet/rules"
)

func init() {
	register(&command{name: "eval", usage: "eval [--fail-on SEV] [--min-recall R] [--max-fp N] CORPUS",
		summary: "Measure recall and false positives on a labelled corpus (labels.yaml)", run: evalMain})
}

func evalMain(ctx context.Context, e *env, args []string) int {
	fs := newFlags(e, commands["eval"])
	failOnName := fs.String("fail-on", "high", "gate threshold: a skill counts as blocked at or above it")
	minRecall := fs.Float64("min-recall", 0, "exit 1 when overall recall is below this (0–1)")
	maxFP := fs.Int("max-fp", -1, "exit 1 when more benign skills than this are blocked (-1: no limit)")
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return flagExit(err)
	}
	if len(pos) != 1 {
		fs.Usage()
		return exitError
	}
	fail := func(err error) int { fmt.Fprintln(e.stderr, "skillvet:", err); return exitError }
	failOn, err := analyzer.ParseSeverity(*failOnName)
	if err != nil {
		return fail(err)
	}
	res, err := evaluateCorpus(ctx, pos[0], failOn)
	if err != nil {
		return fail(err)
	}
	if err := res.Write(e.stdout); err != nil {
		return fail(err)
	}
	if res.Overall.Recall() < *minRecall || (*maxFP >= 0 && len(res.BenignBlocked) > *maxFP) {
		return exitFindings
	}
	return exitOK
}

// evaluateCorpus scans a labelled corpus as the gate would (third-party
// skills: inline suppressions ignored) and compares with its labels.
func evaluateCorpus(ctx context.Context, corpus string, failOn analyzer.Severity) (*eval.Result, error) {
	labels, err := eval.LoadLabels(corpus)
	if err != nil {
		return nil, err
	}
	found, err := loader.Discover([]string{corpus})
	if err != nil {
		return nil, err
	}
	eng, err := analyzer.New(rules.All(), analyzer.Options{Jobs: defaultJobs()})
	if err != nil {
		return nil, err
	}
	results, err := eng.ScanAll(ctx, found.Sources(), func(r *analyzer.Result) { r.Skill = r.Skill.Identity() })
	if err != nil {
		return nil, err
	}
	return eval.Evaluate(corpus, labels, results, failOn), nil
}
