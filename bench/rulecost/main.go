// Command rulecost measures what each rule costs on a synthetic corpus, so
// that a slow scan can be traced to the rules (or parsers) that make it
// slow:
//
//	go run ./bench/rulecost -n 500            # generate 500 skills in memory
//	go run ./bench/rulecost -corpus DIR       # or load a corpus from disk
//
// It loads every skill once, then runs one engine per rule (one job, so
// wall time is CPU time on an idle core) over the loaded skills. The first
// pass (all rules together, cold) also fills every file's parse memo
// (Markdown tokens, JS AST, shell and Python parses), so the per-rule runs
// that follow measure the rule alone; "parsers and engine" is the cold
// pass minus the sum of the warm per-rule passes. Each measurement is the
// minimum of -reps runs, which filters out most noise from other
// processes.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"sort"
	"time"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/bench/synth"
	"github.com/skillvet/skillvet/loader"
	"github.com/skillvet/skillvet/rules"
	"github.com/skillvet/skillvet/skill"
)

func main() {
	n := flag.Int("n", 500, "skills to generate (ignored with -corpus)")
	seed := flag.Uint64("seed", 1, "generator seed")
	dir := flag.String("corpus", "", "read skills from this directory instead of generating")
	reps := flag.Int("reps", 3, "runs per measurement; the minimum is kept")
	top := flag.Int("top", 25, "rules to list (0: all)")
	flag.Parse()
	ctx := context.Background()

	skills, err := load(ctx, *dir, *n, *seed)
	if err != nil {
		fmt.Fprintln(os.Stderr, "rulecost:", err)
		os.Exit(1)
	}
	var bytes int64
	for _, s := range skills {
		for _, f := range s.Files {
			bytes += int64(len(f.Content))
		}
	}
	all := rules.All()
	run := func(set []*analyzer.Rule, ss []*skill.Skill) time.Duration {
		eng, err := analyzer.New(set, analyzer.Options{Jobs: 1})
		if err != nil {
			fmt.Fprintln(os.Stderr, "rulecost:", err)
			os.Exit(1)
		}
		start := time.Now()
		for _, s := range ss {
			eng.Analyze(ctx, s)
		}
		return time.Since(start)
	}
	// Cold: fresh copies each rep, so the parse memos start empty.
	cold := time.Duration(1 << 62)
	for i := 0; i < *reps; i++ {
		fresh := make([]*skill.Skill, len(skills))
		for j, s := range skills {
			fresh[j] = copySkill(s)
		}
		if d := run(all, fresh); d < cold {
			cold = d
		}
	}
	// Warm the memos of the skills used below.
	run(all, skills)
	type cost struct {
		id, name string
		d        time.Duration
	}
	var costs []cost
	var sum time.Duration
	for _, r := range all {
		if r.Run == nil {
			continue
		}
		best := time.Duration(1 << 62)
		for i := 0; i < *reps; i++ {
			if d := run([]*analyzer.Rule{r}, skills); d < best {
				best = d
			}
		}
		costs = append(costs, cost{r.ID, r.Name, best})
		sum += best
	}
	empty := time.Duration(1 << 62)
	for i := 0; i < *reps; i++ {
		if d := run(nil, skills); d < empty {
			empty = d
		}
	}
	sort.Slice(costs, func(i, j int) bool { return costs[i].d > costs[j].d })
	mb := float64(bytes) / 1e6
	fmt.Printf("corpus: %d skills, %.1f MB; %d rules with Run; one job; min of %d runs\n", len(skills), mb, len(costs), *reps)
	fmt.Printf("cold pass, all rules (parsers + rules + engine): %8.0f ms  %6.1f MB/s\n", ms(cold), mb/cold.Seconds())
	fmt.Printf("sum of warm per-rule passes (rules alone):      %8.0f ms\n", ms(sum))
	fmt.Printf("engine with no rules, per pass:                  %8.0f ms (included %d times in the sum)\n", ms(empty), len(costs))
	fmt.Printf("parsers and engine (cold − warm sum):            %8.0f ms\n\n", ms(cold-sum))
	fmt.Println("| rule | name | ms | share of cold pass | MB/s alone |")
	fmt.Println("|---|---|---|---|---|")
	for i, c := range costs {
		if *top > 0 && i >= *top {
			break
		}
		fmt.Printf("| %s | %s | %.0f | %.1f%% | %.0f |\n", c.id, c.name, ms(c.d), 100*float64(c.d)/float64(cold), mb/c.d.Seconds())
	}
}

func ms(d time.Duration) float64 { return float64(d) / 1e6 }

// copySkill rebuilds a skill from its bytes (fresh Files, empty memos).
func copySkill(s *skill.Skill) *skill.Skill {
	m := make(map[string][]byte, len(s.Files))
	for _, f := range s.Files {
		m[f.Path] = f.Content
	}
	return skill.New(s.Dir, m)
}

func load(ctx context.Context, dir string, n int, seed uint64) ([]*skill.Skill, error) {
	var out []*skill.Skill
	if dir == "" {
		opts := synth.Options{N: n, Seed: seed}
		for i := 0; i < n; i++ {
			g := synth.SkillAt(opts, i)
			m := map[string][]byte{}
			for _, f := range g.Files {
				m[f.Path] = f.Content
			}
			out = append(out, skill.New(g.Dir, m))
		}
		return out, nil
	}
	d, err := loader.Discover([]string{dir})
	if err != nil {
		return nil, err
	}
	for _, p := range d.Dirs {
		fsys, err := skill.OpenDir(p)
		if err != nil {
			return nil, err
		}
		s, err := skill.Load(ctx, fsys, p, skill.Limits{})
		fsys.Close()
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}
