// Command rulecost measures what each rule and each parser costs on a
// synthetic corpus, so that a slow scan can be traced to the rules (or
// parsers) that make it slow:
//
//	go run ./bench/rulecost -n 500            # generate 500 skills in memory
//	go run ./bench/rulecost -corpus DIR       # or load a corpus from disk
//	go run ./bench/rulecost -readme README.md # rewrite README's cost tables
//
// It runs the whole rule set (rules.All()) over skills loaded in memory,
// with one job so that wall time is CPU time on one core, every rule's Run
// wrapped in a timer. A first rule, SV000, runs before the others on every
// file and asks the pass for the file's parse (p.Markdown(), p.JS(),
// p.Shell(), p.Python(), whichever the engine offers for the kind), so
// parse time is counted once, per parser, instead of being charged to the
// first rule that happens to ask. What a rule builds and memoises for
// itself (a shared prose index, say) is charged to the first rule that
// builds it. "engine" is what is left of the wall time: loading from
// memory, classification, hashing, the keyword prefilter, goroutines,
// findings. Each figure is the minimum over -reps runs, which filters out
// most noise from other processes.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"reflect"
	"runtime"
	"runtime/pprof"
	"sort"
	"sync/atomic"
	"time"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/bench/synth"
	"github.com/skillvet/skillvet/loader"
	"github.com/skillvet/skillvet/rules"
	"github.com/skillvet/skillvet/skill"
)

// parsers are the Pass accessors that parse a file, by file kind. They are
// called by name so that this program builds whatever parsers exist.
var parsers = map[skill.Kind]string{
	skill.KindMarkdown: "Markdown",
	skill.KindJS:       "JS",
	skill.KindShell:    "Shell",
	skill.KindPython:   "Python",
}

func main() {
	n := flag.Int("n", 500, "skills to generate (ignored with -corpus)")
	seed := flag.Uint64("seed", 1, "generator seed")
	dir := flag.String("corpus", "", "read skills from this directory instead of generating")
	reps := flag.Int("reps", 3, "runs; the minimum of each figure is kept")
	top := flag.Int("top", 25, "rules to list (0: all)")
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile of the runs to this file (go tool pprof)")
	readme := flag.String("readme", "", "also rewrite the per-stage and per-rule tables between the perf markers of this Markdown file (README.md)")
	memprofile := flag.String("memprofile", "", "write an allocation profile of the runs to this file (go tool pprof -sample_index=alloc_space)")
	flag.Parse()
	ctx := context.Background()
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		defer func() { pprof.StopCPUProfile(); f.Close() }()
	}

	if *memprofile != "" {
		runtime.MemProfileRate = 64 << 10
		defer func() {
			f, err := os.Create(*memprofile)
			if err == nil {
				err = pprof.Lookup("allocs").WriteTo(f, 0)
				f.Close()
			}
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
			}
		}()
	}

	files, err := load(ctx, *dir, *n, *seed)
	if err != nil {
		fmt.Fprintln(os.Stderr, "rulecost:", err)
		os.Exit(1)
	}
	var bytes int64
	for _, f := range files {
		for _, c := range f.files {
			bytes += int64(len(c))
		}
	}

	all := rules.All()
	cost := make([]atomic.Int64, len(all))
	parseCost := map[skill.Kind]*atomic.Int64{}
	for k := range parsers {
		parseCost[k] = new(atomic.Int64)
	}
	var missing []string
	for _, name := range parsers {
		if _, ok := reflect.TypeOf(&analyzer.Pass{}).MethodByName(name); !ok {
			missing = append(missing, name)
		}
	}
	warmer := &analyzer.Rule{ID: "SV000", Name: "parse-first", Title: "parses every file before the rules run",
		Doc: "benchmark helper", Severity: analyzer.Info, Category: analyzer.CatLint,
		Inputs: analyzer.InMarkdown | analyzer.InJS | analyzer.InShell | analyzer.InPython,
		Run: func(p *analyzer.Pass) error {
			name, ok := parsers[p.File.Kind]
			if !ok {
				return nil
			}
			m := reflect.ValueOf(p).MethodByName(name)
			if !m.IsValid() {
				return nil
			}
			start := time.Now()
			m.Call(nil) // a parse error is the rules' business
			parseCost[p.File.Kind].Add(int64(time.Since(start)))
			return nil
		}}
	set := []*analyzer.Rule{warmer}
	for i, r := range all {
		c := *r
		if r.Run != nil {
			run := r.Run
			acc := &cost[i]
			c.Run = func(p *analyzer.Pass) error {
				start := time.Now()
				err := run(p)
				acc.Add(int64(time.Since(start)))
				return err
			}
		}
		set = append(set, &c)
	}
	eng, err := analyzer.New(set, analyzer.Options{Jobs: 1})
	if err != nil {
		fmt.Fprintln(os.Stderr, "rulecost:", err)
		os.Exit(1)
	}

	best := func(cur *time.Duration, d time.Duration) {
		if *cur == 0 || d < *cur {
			*cur = d
		}
	}
	var wall time.Duration
	ruleBest := make([]time.Duration, len(all))
	parseBest := map[skill.Kind]time.Duration{}
	for rep := 0; rep < *reps; rep++ {
		for i := range cost {
			cost[i].Store(0)
		}
		for _, c := range parseCost {
			c.Store(0)
		}
		start := time.Now()
		for _, f := range files {
			eng.Analyze(ctx, skill.New(f.dir, f.files)) // fresh files: nothing parsed yet
		}
		best(&wall, time.Since(start))
		for i := range cost {
			best(&ruleBest[i], time.Duration(cost[i].Load()))
		}
		for k, c := range parseCost {
			d := parseBest[k]
			best(&d, time.Duration(c.Load()))
			parseBest[k] = d
		}
	}

	type row struct {
		id, name string
		d        time.Duration
	}
	var rows []row
	var ruleSum, parseSum time.Duration
	for i, r := range all {
		if r.Run != nil {
			rows = append(rows, row{r.ID, r.Name, ruleBest[i]})
			ruleSum += ruleBest[i]
		}
	}
	for k, d := range parseBest {
		rows = append(rows, row{"parse", parsers[k], d})
		parseSum += d
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].d > rows[j].d })
	mb := float64(bytes) / 1e6
	fmt.Printf("corpus: %d skills, %.1f MB; %d rules with Run; one job; min of %d runs\n", len(files), mb, len(rows)-len(parseBest), *reps)
	if len(missing) > 0 {
		sort.Strings(missing)
		fmt.Printf("(no Pass accessor for %v in this build: those parses are charged to the first rule that parses)\n", missing)
	}
	fmt.Printf("wall time, all rules: %.0f ms (%.1f MB/s on one core)\n", ms(wall), mb/wall.Seconds())
	fmt.Printf("  parsers: %.0f ms (%.0f%%)  rules: %.0f ms (%.0f%%)  engine and the rest: %.0f ms (%.0f%%)\n\n",
		ms(parseSum), pct(parseSum, wall), ms(ruleSum), pct(ruleSum, wall), ms(wall-parseSum-ruleSum), pct(wall-parseSum-ruleSum, wall))
	if *readme != "" {
		st := stages{skills: len(files), bytes: bytes, reps: *reps, rules: len(rows) - len(parseBest), wall: wall, ruleTime: ruleSum}
		for k, d := range parseBest {
			st.parse = append(st.parse, stage{parsers[k], d})
		}
		for _, r := range rows {
			if r.id != "parse" {
				st.top = append(st.top, stage{r.id + " " + r.name, r.d})
			}
		}
		if err := updateReadme(*readme, renderReadme(st, *top)); err != nil {
			fmt.Fprintln(os.Stderr, "rulecost:", err)
			os.Exit(1)
		}
	}
	fmt.Println("| rule or parser | name | ms | share of wall time |")
	fmt.Println("|---|---|---|---|")
	for i, r := range rows {
		if *top > 0 && i >= *top {
			break
		}
		fmt.Printf("| %s | %s | %.0f | %.1f%% |\n", r.id, r.name, ms(r.d), pct(r.d, wall))
	}
}

func ms(d time.Duration) float64 { return float64(d) / 1e6 }

func pct(a, b time.Duration) float64 { return 100 * float64(a) / float64(b) }

type memSkill struct {
	dir   string
	files map[string][]byte
}

func load(ctx context.Context, dir string, n int, seed uint64) ([]memSkill, error) {
	var out []memSkill
	if dir == "" {
		opts := synth.Options{N: n, Seed: seed}
		for i := 0; i < n; i++ {
			g := synth.SkillAt(opts, i)
			m := map[string][]byte{}
			for _, f := range g.Files {
				m[f.Path] = f.Content
			}
			out = append(out, memSkill{g.Dir, m})
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
		m := map[string][]byte{}
		for _, f := range s.Files {
			m[f.Path] = f.Content
		}
		out = append(out, memSkill{p, m})
	}
	return out, nil
}
