package main

import (
	"context"
	"io"
	"sort"
	"sync"

	"golang.org/x/sync/errgroup"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/isolate"
	"github.com/skillvet/skillvet/skill"
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
		out := make([]*analyzer.Result, len(srcs))
		var mu sync.Mutex
		g, gctx := errgroup.WithContext(ctx)
		g.SetLimit(procs)
		for i, src := range srcs {
			g.Go(func() error {
				r := loadSource(gctx, src, opts.Limits)
				if r.Errors == nil {
					r, _ = pool.Analyze(gctx, r.Skill) // never nil: failures are fail-closed results
				}
				if err := gctx.Err(); err != nil {
					return err
				}
				mu.Lock()
				out[i] = r
				if emit != nil {
					emit(r)
				}
				mu.Unlock()
				return nil
			})
		}
		if err := g.Wait(); err != nil {
			return nil, err
		}
		sort.SliceStable(out, func(i, j int) bool { return out[i].Dir < out[j].Dir })
		return out, nil
	}
}

// loadSource reads one skill as Engine.Scan does. It returns a result
// holding just the skill, or a fail-closed result when the directory
// cannot be read.
func loadSource(ctx context.Context, src analyzer.Source, lim skill.Limits) *analyzer.Result {
	var s *skill.Skill
	fsys, err := src.Open()
	if err == nil {
		s, err = skill.Load(ctx, fsys, src.Dir, lim)
		if c, ok := fsys.(io.Closer); ok {
			c.Close()
		}
	}
	if err != nil {
		return analyzer.FailedResult(skill.New(src.Dir, nil), "cannot read skill directory: "+err.Error())
	}
	return &analyzer.Result{Skill: s, Dir: s.Dir}
}
