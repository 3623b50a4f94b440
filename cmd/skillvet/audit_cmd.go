package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/audit"
	"github.com/skillvet/skillvet/loader"
	"github.com/skillvet/skillvet/report"
)

func init() {
	register(&command{name: "audit", usage: "audit [flags] ROOT...",
		summary: "Audit many skills (repositories, a registry dump): JSON, Markdown and HTML reports, resumable and shardable",
		run:     auditMain})
	register(&command{name: "merge", usage: "merge -o DIR REPORT.json...",
		summary: "Merge JSON reports (e.g. audit shards) into one audit report", run: mergeMain})
}

const progressFile = "progress.jsonl"

func auditMain(ctx context.Context, e *env, args []string) int {
	o := &scanOptions{}
	fs := newFlags(e, commands["audit"])
	fs.StringVar(&o.failOn, "fail-on", "high", "lowest severity that blocks a skill")
	fs.IntVar(&o.jobs, "jobs", defaultJobs(), "skills and files analysed in parallel")
	fs.Var(&o.enable, "enable", "run only these rule IDs")
	fs.Var(&o.disable, "disable", "do not run these rule IDs")
	fs.StringVar(&o.config, "config", "", "configuration file")
	out := fs.String("o", "skillvet-audit", "output directory (audit.json, audit.md, audit.html, summary.json)")
	resume := fs.Bool("resume", false, "skip skills already recorded in the output directory's progress file")
	shard := fs.String("shard", "", "audit only shard i of n (\"i/n\", 1-based), split deterministically by skill path")
	top := fs.Int("top", 25, "number of top offenders in the summary")
	progress := fs.Bool("progress", e.errTTY, "show a progress bar on standard error")
	roots, err := parseInterleaved(fs, args)
	if err != nil {
		return flagExit(err)
	}
	o.explicit = map[string]bool{}
	fs.Visit(func(f *flagT) { o.explicit[f.Name] = true })
	fail := func(err error) int { fmt.Fprintln(e.stderr, "skillvet:", err); return exitError }
	if len(roots) == 0 {
		fs.Usage()
		return exitError
	}
	o.noSuppress = true // audited skills are third-party: their directives are the attacker's
	st, err := setup(o, roots)
	if err != nil {
		return fail(err)
	}
	found, err := loader.Discover(roots)
	if err != nil {
		return fail(err)
	}
	dirs := found.Dirs
	if *shard != "" {
		if dirs, err = shardDirs(dirs, *shard); err != nil {
			return fail(err)
		}
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return fail(err)
	}
	progPath := filepath.Join(*out, progressFile)
	var done []*analyzer.Result
	if *resume {
		if done, err = readProgress(progPath); err != nil {
			return fail(err)
		}
	}
	seen := map[string]bool{}
	for _, r := range done {
		seen[r.Dir] = true
	}
	var todo []string
	for _, d := range dirs {
		if !seen[d] && !st.cfg.Excluded(d) {
			todo = append(todo, d)
		}
	}
	flags := os.O_CREATE | os.O_WRONLY | os.O_TRUNC
	if *resume {
		flags = os.O_CREATE | os.O_WRONLY | os.O_APPEND
	}
	pf, err := os.OpenFile(progPath, flags, 0o644)
	if err != nil {
		return fail(err)
	}
	defer pf.Close()
	eng, err := analyzer.New(st.rules, st.opts)
	if err != nil {
		return fail(err)
	}
	bar := &progressBar{w: e.stderr, on: *progress, total: len(todo), skipped: len(done)}
	var writeErr error
	var mu sync.Mutex
	results, err := eng.ScanAll(ctx, loader.Sources(todo), func(r *analyzer.Result) {
		line, err := report.EncodeSkill(r, st.failOn)
		mu.Lock()
		defer mu.Unlock()
		if err == nil {
			_, err = pf.Write(append(line, '\n'))
		}
		if err != nil && writeErr == nil {
			writeErr = err
		}
		bar.add(r.Decide(analyzer.Policy{FailOn: st.failOn, FailOnLint: st.lint}))
		r.Skill = r.Skill.Identity() // the report needs findings, not bytes or file lists
	})
	bar.finish()
	if err == nil {
		err = writeErr
	}
	if err != nil {
		return fail(err)
	}
	all := append(done, results...)
	sort.SliceStable(all, func(i, j int) bool { return all[i].Dir < all[j].Dir })
	rep := &report.Report{Tool: report.Tool{Name: "skillvet", Version: toolVersion(), InformationURI: "https://github.com/skillvet/skillvet"},
		Results: all, Rules: st.rules, FailOn: st.failOn, FailOnLint: st.lint}
	if err := writeAudit(*out, rep, *top); err != nil {
		return fail(err)
	}
	s := rep.Summarize()
	fmt.Fprintf(e.stdout, "audited %d skill(s) (%d resumed): %d blocked, %d warned, %d passed; %d finding(s); reports in %s\n",
		s.Skills, len(done), s.Blocked, s.Warned, s.Passed, s.Findings, *out)
	return exitCode(e, rep, false)
}

// writeAudit writes audit.json, summary.json, audit.md and audit.html.
func writeAudit(dir string, rep *report.Report, top int) error {
	sum := audit.Summarize(rep, top)
	files := []struct {
		name  string
		write func(*bytes.Buffer) error
	}{
		{"audit.json", func(b *bytes.Buffer) error { return report.WriteJSON(b, rep) }},
		{"summary.json", func(b *bytes.Buffer) error {
			enc := json.NewEncoder(b)
			enc.SetIndent("", "  ")
			return enc.Encode(sum)
		}},
		{"audit.md", func(b *bytes.Buffer) error { return audit.WriteMarkdown(b, rep, sum) }},
		{"audit.html", func(b *bytes.Buffer) error { return audit.WriteHTML(b, rep, sum) }},
	}
	for _, f := range files {
		var b bytes.Buffer
		if err := f.write(&b); err != nil {
			return fmt.Errorf("%s: %v", f.name, err)
		}
		if err := os.WriteFile(filepath.Join(dir, f.name), b.Bytes(), 0o644); err != nil {
			return err
		}
	}
	return nil
}

func readProgress(path string) ([]*analyzer.Result, error) {
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []*analyzer.Result
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 256<<20)
	for n := 1; sc.Scan(); n++ {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		r, err := report.DecodeSkill(sc.Bytes())
		if err != nil {
			// A line cut short by an interrupted run: that skill is redone.
			continue
		}
		out = append(out, r)
	}
	return out, sc.Err()
}

// shardDirs keeps the directories of shard i of n (1-based), chosen by a
// hash of the path so that shards are stable when skills are added.
func shardDirs(dirs []string, spec string) ([]string, error) {
	a, b, ok := strings.Cut(spec, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 1 || i > n {
		return nil, fmt.Errorf("--shard %q: want i/n with 1 <= i <= n", spec)
	}
	var out []string
	for _, d := range dirs {
		h := fnv.New32a()
		h.Write([]byte(filepath.ToSlash(d)))
		if int(h.Sum32()%uint32(n)) == i-1 {
			out = append(out, d)
		}
	}
	return out, nil
}

func mergeMain(ctx context.Context, e *env, args []string) int {
	fs := newFlags(e, commands["merge"])
	out := fs.String("o", "skillvet-audit", "output directory")
	top := fs.Int("top", 25, "number of top offenders in the summary")
	inputs, err := parseInterleaved(fs, args)
	if err != nil {
		return flagExit(err)
	}
	fail := func(err error) int { fmt.Fprintln(e.stderr, "skillvet:", err); return exitError }
	if len(inputs) == 0 {
		fs.Usage()
		return exitError
	}
	var merged *report.Report
	byDir := map[string]*analyzer.Result{}
	for _, in := range inputs {
		f, err := os.Open(in)
		if err != nil {
			return fail(err)
		}
		rep, err := report.ReadJSON(f)
		f.Close()
		if err != nil {
			return fail(fmt.Errorf("%s: %v", in, err))
		}
		if merged == nil {
			merged = rep
		} else if rep.FailOn != merged.FailOn {
			return fail(fmt.Errorf("%s was written with --fail-on %s, earlier reports with %s", in, rep.FailOn, merged.FailOn))
		}
		for _, r := range rep.Results {
			byDir[r.Dir] = r
		}
	}
	merged.Results = merged.Results[:0]
	for _, r := range byDir {
		merged.Results = append(merged.Results, r)
	}
	sort.Slice(merged.Results, func(i, j int) bool { return merged.Results[i].Dir < merged.Results[j].Dir })
	merged.Rules = allRulesWithCustom()
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return fail(err)
	}
	if err := writeAudit(*out, merged, *top); err != nil {
		return fail(err)
	}
	s := merged.Summarize()
	fmt.Fprintf(e.stdout, "merged %d report(s): %d skill(s), %d blocked, %d finding(s); reports in %s\n", len(inputs), s.Skills, s.Blocked, s.Findings, *out)
	return exitCode(e, merged, false)
}

// progressBar draws "[#####.....] 120/500 skills, 3 blocked" on a terminal.
type progressBar struct {
	w                     interface{ Write([]byte) (int, error) }
	on                    bool
	total, done, skipped  int
	blocked, last, width0 int
}

func (p *progressBar) add(v analyzer.Verdict) {
	p.done++
	if v == analyzer.VerdictBlock {
		p.blocked++
	}
	if !p.on {
		return
	}
	pct := 100
	if p.total > 0 {
		pct = p.done * 100 / p.total
	}
	if pct == p.last && p.done != p.total {
		return
	}
	p.last = pct
	n := pct * 30 / 100
	fmt.Fprintf(p.w, "\r[%s%s] %d/%d skills, %d blocked", strings.Repeat("#", n), strings.Repeat(".", 30-n), p.done, p.total, p.blocked)
}

func (p *progressBar) finish() {
	if p.on && p.done > 0 {
		fmt.Fprintln(p.w)
	}
}
