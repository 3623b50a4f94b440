package main

import (
	"context"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/isolate"
)

// The hidden worker subcommand: --isolate (scan, lint and the loader
// commands) and loader.Options.Isolate re-execute this binary with it and
// send it one skill at a time on stdin. See isolate/DOC.md.
func init() {
	register(&command{name: isolate.WorkerCommand, hidden: true,
		usage:   isolate.WorkerCommand + " [-memory BYTES] [-stack BYTES]",
		summary: "Internal: the isolated analysis worker (requests on stdin, answers on stdout; see isolate/DOC.md)",
		run: func(_ context.Context, e *env, args []string) int {
			return isolate.WorkerMain(args, e.stdin, e.stdout, e.stderr)
		}})
}

// isolatedScanAll is Engine.ScanAll for --isolate: each skill is read here
// (the bytes that are hashed and reported) and analysed by a pool of
// workers running this binary.
func isolatedScanAll(eng *analyzer.Engine, st *scanSetup) func(context.Context, []analyzer.Source, func(*analyzer.Result)) ([]*analyzer.Result, error) {
	return func(ctx context.Context, srcs []analyzer.Source, emit func(*analyzer.Result)) ([]*analyzer.Result, error) {
		exe, args, err := isolate.DefaultCommand()
		if err != nil {
			return nil, err
		}
		opts := eng.Options()
		procs := max(1, min(opts.Jobs, len(srcs)))
		wopts := opts
		wopts.Jobs = max(1, opts.Jobs/procs) // files per worker: procs × Jobs/procs in all
		pool, err := isolate.NewPool(exe, args, isolate.Config{Rules: st.rules, CustomRules: st.cfg.CustomRules, Engine: wopts}, procs)
		if err != nil {
			return nil, err
		}
		defer pool.Close()
		return analyzer.ForEachSource(ctx, srcs, procs, func(ctx context.Context, src analyzer.Source) *analyzer.Result {
			s, failed := analyzer.LoadSource(ctx, src, opts.Limits)
			if failed != nil {
				return failed
			}
			r, _ := pool.Analyze(ctx, s) // never nil: failures are fail-closed results
			return r
		}, emit)
	}
}
