// Package bench holds skillvet's stage benchmarks over a synthetic corpus
// (see bench/synth). Every benchmark calls b.SetBytes with the bytes it
// reads, so `go test -bench` prints MB/s:
//
//	go test ./bench -run '^$' -bench . -count 5 | tee new.txt; benchstat new.txt
//
// The corpus is generated once per test binary into a temporary directory:
// SKILLVET_BENCH_SKILLS skills (default 500, about 10 MB) with seed
// SKILLVET_BENCH_SEED (default 1). SKILLVET_BENCH_CORPUS=DIR uses an
// existing corpus instead (e.g. one written by `go run ./bench/gen`).
package bench

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/bench/synth"
	"github.com/skillvet/skillvet/loader"
	"github.com/skillvet/skillvet/parse/markdown"
	"github.com/skillvet/skillvet/rules"
	"github.com/skillvet/skillvet/skill"
)

// corpus is the generated tree, read once into memory as well.
type corpus struct {
	root  string
	dirs  []string                     // skill directories (loader.Discover)
	files map[string]map[string][]byte // skill dir -> slash path -> content
	bytes int64                        // every file
	kind  map[skill.Kind]int64         // bytes per file kind (skill.Classify)
	mal   map[string]bool              // skill dir -> generated with a malicious shape
}

var (
	corpusOnce sync.Once
	theCorpus  *corpus
	corpusErr  error
	tempRoot   string
)

func TestMain(m *testing.M) {
	code := m.Run()
	if tempRoot != "" {
		os.RemoveAll(tempRoot)
	}
	os.Exit(code)
}

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}

func getCorpus(tb testing.TB) *corpus {
	tb.Helper()
	corpusOnce.Do(func() { theCorpus, corpusErr = buildCorpus() })
	if corpusErr != nil {
		tb.Fatal(corpusErr)
	}
	return theCorpus
}

func buildCorpus() (*corpus, error) {
	c := &corpus{files: map[string]map[string][]byte{}, kind: map[skill.Kind]int64{}, mal: map[string]bool{}}
	opts := synth.Options{N: envInt("SKILLVET_BENCH_SKILLS", 500), Seed: uint64(envInt("SKILLVET_BENCH_SEED", 1))}
	if dir := os.Getenv("SKILLVET_BENCH_CORPUS"); dir != "" {
		c.root = dir
	} else {
		var err error
		if tempRoot, err = os.MkdirTemp("", "skillvet-bench-"); err != nil {
			return nil, err
		}
		c.root = tempRoot
		if _, err := synth.Generate(c.root, opts); err != nil {
			return nil, err
		}
		flush()
		for i := 0; i < opts.N; i++ {
			if s := synth.SkillAt(opts, i); s.Malicious {
				c.mal[filepath.Join(c.root, s.Dir)] = true
			}
		}
	}
	d, err := loader.Discover([]string{c.root})
	if err != nil {
		return nil, err
	}
	if len(d.Dirs) == 0 {
		return nil, fmt.Errorf("no skills under %s", c.root)
	}
	c.dirs = d.Dirs
	for _, dir := range c.dirs {
		m := map[string][]byte{}
		err := filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
			if err != nil || e.IsDir() {
				return err
			}
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(dir, p)
			rel = filepath.ToSlash(rel)
			m[rel] = b
			c.bytes += int64(len(b))
			c.kind[skill.Classify(rel, b)] += int64(len(b))
			return nil
		})
		if err != nil {
			return nil, err
		}
		c.files[dir] = m
	}
	return c, nil
}

// memSources are the corpus's skills as in-memory sources holding only the
// files keep accepts. Loading one builds fresh skill.Files, so nothing
// parsed in one iteration is reused in the next.
func (c *corpus) memSources(keep func(path string, kind skill.Kind) bool) ([]analyzer.Source, int64) {
	var n int64
	srcs := make([]analyzer.Source, 0, len(c.dirs))
	for _, dir := range c.dirs {
		m := fstest.MapFS{}
		for p, b := range c.files[dir] {
			k := skill.Classify(p, b)
			if p == skill.ManifestName || keep(p, k) {
				m[p] = &fstest.MapFile{Data: b, Mode: 0o644}
			}
			if keep(p, k) {
				n += int64(len(b))
			}
		}
		srcs = append(srcs, analyzer.MemSource(dir, m))
	}
	return srcs, n
}

// BenchmarkRawRead reads every file of the corpus from disk (page cache
// warm after the first iteration): the floor for any scanner.
func BenchmarkRawRead(b *testing.B) {
	c := getCorpus(b)
	b.SetBytes(c.bytes)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var n int64
		filepath.WalkDir(c.root, func(p string, e fs.DirEntry, err error) error {
			if err != nil || e.IsDir() {
				return err
			}
			data, err := os.ReadFile(p)
			n += int64(len(data))
			return err
		})
		if n != c.bytes {
			b.Fatalf("read %d bytes, corpus has %d", n, c.bytes)
		}
	}
}

// BenchmarkDiscover finds the skills under the corpus root (a directory
// walk that stats nothing but SKILL.md names). Bytes are the corpus bytes,
// so MB/s compares with the other stages.
func BenchmarkDiscover(b *testing.B) {
	c := getCorpus(b)
	b.SetBytes(c.bytes)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		d, err := loader.Discover([]string{c.root})
		if err != nil {
			b.Fatal(err)
		}
		if len(d.Dirs) != len(c.dirs) {
			b.Fatalf("found %d skills, want %d", len(d.Dirs), len(c.dirs))
		}
	}
	b.ReportMetric(float64(len(c.dirs))*float64(b.N)/b.Elapsed().Seconds(), "skills/s")
}

// BenchmarkLoad reads every skill from disk through skill.OpenDir and
// skill.Load (os.Root, limits, classification, UTF-8 check, frontmatter,
// SHA-256), one goroutine.
func BenchmarkLoad(b *testing.B) {
	c := getCorpus(b)
	ctx := context.Background()
	b.SetBytes(c.bytes)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, dir := range c.dirs {
			fsys, err := skill.OpenDir(dir)
			if err != nil {
				b.Fatal(err)
			}
			s, err := skill.Load(ctx, fsys, dir, skill.Limits{})
			fsys.Close()
			if err != nil {
				b.Fatal(err)
			}
			if len(s.Problems) > 0 {
				b.Fatalf("%s: %v", dir, s.Problems)
			}
		}
	}
	b.ReportMetric(float64(len(c.dirs))*float64(b.N)/b.Elapsed().Seconds(), "skills/s")
}

// parsers are the parse stages BenchmarkParse measures, by file kind. Each
// parse*_test.go file registers one (parsejs, not parse_js: _js is a GOOS
// suffix and would hide the file).
var parsers = map[skill.Kind]func(path string, src []byte, bodyStart int) error{
	skill.KindMarkdown: func(_ string, src []byte, start int) error {
		_, err := markdown.Parse(src, start)
		return err
	},
}

// BenchmarkParse runs each parser alone over every file of its kind, one
// goroutine: Markdown (SKILL.md from its body), and the JS/TS, shell and
// Python parsers the engine's pass accessors use. A parse error fails the
// benchmark: the corpus is meant to be parseable.
func BenchmarkParse(b *testing.B) {
	c := getCorpus(b)
	kinds := make([]skill.Kind, 0, len(parsers))
	for k := range parsers {
		kinds = append(kinds, k)
	}
	sort.Slice(kinds, func(i, j int) bool { return kinds[i] < kinds[j] })
	for _, k := range kinds {
		parse := parsers[k]
		b.Run(k.String(), func(b *testing.B) {
			type doc struct {
				path  string
				src   []byte
				start int
			}
			var docs []doc
			var n int64
			for _, dir := range c.dirs {
				for p, src := range c.files[dir] {
					if skill.Classify(p, src) != k {
						continue
					}
					start := 0
					if p == skill.ManifestName {
						start = skill.ParseManifest(src).BodyStart
					}
					docs = append(docs, doc{p, src, start})
					n += int64(len(src))
				}
			}
			if n == 0 {
				b.Skip("no files of this kind")
			}
			b.SetBytes(n)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for _, d := range docs {
					if err := parse(d.path, d.src, d.start); err != nil {
						b.Fatalf("%s: %v", d.path, err)
					}
				}
			}
		})
	}
}

// BenchmarkScan is the end-to-end scan the CLI runs (minus writing the
// report): loader.Sources over the discovered directories, an engine with
// rules.All() and default options (jobs = CPUs), ScanAll. Metrics:
// blocked-mal% and blocked-benign% are the share of generated malicious
// and benign skills whose verdict is block at the default threshold.
func BenchmarkScan(b *testing.B) {
	c := getCorpus(b)
	eng, err := analyzer.New(rules.All(), analyzer.Options{})
	if err != nil {
		b.Fatal(err)
	}
	srcs := loader.Sources(c.dirs)
	b.SetBytes(c.bytes)
	b.ReportAllocs()
	b.ResetTimer()
	var res []*analyzer.Result
	for i := 0; i < b.N; i++ {
		if res, err = eng.ScanAll(context.Background(), srcs, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	reportVerdicts(b, c, res)
}

func reportVerdicts(b *testing.B, c *corpus, res []*analyzer.Result) {
	if len(c.mal) == 0 {
		return // an external corpus: labels unknown
	}
	var mal, malBlocked, ben, benBlocked int
	for _, r := range res {
		blocked := r.Verdict(analyzer.High) == analyzer.VerdictBlock
		if c.mal[r.Dir] {
			mal++
			if blocked {
				malBlocked++
			}
		} else {
			ben++
			if blocked {
				benBlocked++
			}
		}
	}
	if mal > 0 {
		b.ReportMetric(100*float64(malBlocked)/float64(mal), "blocked-mal%")
	}
	b.ReportMetric(100*float64(benBlocked)/float64(ben), "blocked-benign%")
}

// scanKinds are the per-kind benchmarks: the files of one kind (plus
// SKILL.md, loaded for its manifest but not counted unless the kind is
// Markdown) and the rules that read that kind, their Inputs narrowed to it.
var scanKinds = []struct {
	name  string
	input analyzer.Input
	keep  func(string, skill.Kind) bool
}{
	{"all", analyzer.InAny | analyzer.InSkill, func(string, skill.Kind) bool { return true }},
	{"markdown", analyzer.InMarkdown | analyzer.InSkill, func(_ string, k skill.Kind) bool { return k == skill.KindMarkdown }},
	{"js", analyzer.InJS, func(_ string, k skill.Kind) bool { return k == skill.KindJS }},
	{"shell", analyzer.InShell, func(_ string, k skill.Kind) bool { return k == skill.KindShell }},
	{"python", analyzer.InPython, func(_ string, k skill.Kind) bool { return k == skill.KindPython }},
}

// narrow returns copies of the rules that read in, restricted to in.
func narrow(all []*analyzer.Rule, in analyzer.Input) []*analyzer.Rule {
	var out []*analyzer.Rule
	for _, r := range all {
		if r.Run != nil && r.Inputs&in == 0 {
			continue
		}
		c := *r
		c.Inputs &= in
		if c.Inputs == 0 {
			c.Inputs = r.Inputs // engine-reported rules (no Run) keep theirs
		}
		out = append(out, &c)
	}
	return out
}

// BenchmarkAnalyze scans the corpus from memory (no disk: skills are
// loaded from fstest.MapFS copies, freshly each iteration), with all rules
// and per file kind. The difference between BenchmarkScan and
// BenchmarkAnalyze/all is the disk.
func BenchmarkAnalyze(b *testing.B) {
	c := getCorpus(b)
	for _, k := range scanKinds {
		b.Run(k.name, func(b *testing.B) {
			set := narrow(rules.All(), k.input)
			eng, err := analyzer.New(set, analyzer.Options{})
			if err != nil {
				b.Fatal(err)
			}
			srcs, n := c.memSources(k.keep)
			if n == 0 {
				b.Skip("no files of this kind")
			}
			b.SetBytes(n)
			b.ReportAllocs()
			b.ResetTimer()
			var res []*analyzer.Result
			for i := 0; i < b.N; i++ {
				if res, err = eng.ScanAll(context.Background(), srcs, nil); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			b.ReportMetric(float64(countRunnable(set)), "rules")
			if k.name == "all" {
				reportVerdicts(b, c, res)
			}
		})
	}
}

func countRunnable(rs []*analyzer.Rule) int {
	n := 0
	for _, r := range rs {
		if r.Run != nil {
			n++
		}
	}
	return n
}

// TestCorpusAnalysable checks that the benchmarks measure analysis, not
// bail-outs: every generated skill loads without problems, and the full
// rule set analyses every file without an internal error or an
// "unanalysed" finding (a parser giving up on generated code would make
// the scan look faster than it is).
func TestCorpusAnalysable(t *testing.T) {
	c := getCorpus(t)
	eng, err := analyzer.New(rules.All(), analyzer.Options{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := eng.ScanAll(context.Background(), loader.Sources(c.dirs), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != len(c.dirs) {
		t.Fatalf("%d results for %d skills", len(res), len(c.dirs))
	}
	bad := map[string]int{}
	for _, r := range res {
		for _, e := range r.Errors {
			t.Errorf("%s: internal error: %s", r.Dir, e)
		}
		for _, f := range r.Findings {
			if f.Unanalysed {
				bad[f.Rule+" "+f.Message]++
			}
		}
	}
	keys := make([]string, 0, len(bad))
	for k := range bad {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Errorf("unanalysed content in %d skills: %s", bad[k], strings.TrimSpace(k))
	}
}
