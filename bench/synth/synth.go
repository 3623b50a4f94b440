// Package synth generates a synthetic corpus of Agent Skills for
// benchmarks: realistic SKILL.md files (frontmatter and 50–400 lines of
// Markdown), reference documents and scripts in JavaScript, TypeScript,
// shell and Python, with a small fraction of skills carrying malicious
// shapes (curl|bash installers, base64 payloads, environment exfiltration,
// hidden instructions) so that the rules do real work.
//
// Output is a pure function of the options: skill i is generated from its
// own random stream seeded with (Seed, i), so the corpus is the same
// whatever the number of workers.
package synth

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
)

// Options control generation.
type Options struct {
	N         int     // number of skills
	Seed      uint64  // random seed
	Malicious float64 // fraction of skills with a malicious shape; <0 means none, 0 means the default 0.03
	Workers   int     // parallel writers; 0 means runtime.NumCPU()
}

// Stats describe a generated corpus.
type Stats struct {
	Skills    int
	Malicious int
	Files     int
	Bytes     int64
	// ByExt is the number of bytes per file extension (".md", ".js", ...).
	ByExt map[string]int64
	// FilesByExt is the number of files per extension.
	FilesByExt map[string]int
}

func (s *Stats) add(o *Stats) {
	s.Skills += o.Skills
	s.Malicious += o.Malicious
	s.Files += o.Files
	s.Bytes += o.Bytes
	for k, v := range o.ByExt {
		s.ByExt[k] += v
	}
	for k, v := range o.FilesByExt {
		s.FilesByExt[k] += v
	}
}

func newStats() *Stats {
	return &Stats{ByExt: map[string]int64{}, FilesByExt: map[string]int{}}
}

// String is a one-paragraph summary.
func (s *Stats) String() string {
	exts := make([]string, 0, len(s.ByExt))
	for e := range s.ByExt {
		exts = append(exts, e)
	}
	sort.Strings(exts)
	var b strings.Builder
	fmt.Fprintf(&b, "%d skills (%d malicious), %d files, %.1f MB:", s.Skills, s.Malicious, s.Files, float64(s.Bytes)/1e6)
	for _, e := range exts {
		fmt.Fprintf(&b, " %s %d files %.1f MB;", e, s.FilesByExt[e], float64(s.ByExt[e])/1e6)
	}
	return strings.TrimSuffix(b.String(), ";")
}

// File is one generated file, relative to its skill directory.
type File struct {
	Path    string
	Content []byte
}

// Skill is one generated skill.
type Skill struct {
	Dir       string // directory name
	Malicious bool
	Files     []File
}

// SkillAt generates skill i of a corpus. It is deterministic in (opts.Seed, i).
func SkillAt(opts Options, i int) *Skill {
	mal := opts.Malicious
	if mal == 0 {
		mal = 0.03
	}
	r := rand.New(rand.NewPCG(opts.Seed, uint64(i)*0x9e3779b97f4a7c15+1))
	g := &gen{r: r}
	// The name is unique and equals the directory name, as the Agent
	// Skills spec asks (a loader serves one skill per name).
	name := fmt.Sprintf("%s-%d", g.skillName(), i)
	s := &Skill{Dir: name}
	s.Malicious = mal > 0 && r.Float64() < mal
	s.Files = g.skill(name, s.Malicious)
	return s
}

// Generate writes opts.N skills under dir (created if needed) and returns
// what it wrote.
func Generate(dir string, opts Options) (*Stats, error) {
	if opts.N <= 0 {
		return nil, fmt.Errorf("synth: N must be positive")
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	total := newStats()
	var mu sync.Mutex
	var firstErr error
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			st := newStats()
			for i := range next {
				if err := writeSkill(dir, SkillAt(opts, i), st); err != nil {
					mu.Lock()
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
				}
			}
			mu.Lock()
			total.add(st)
			mu.Unlock()
		}()
	}
	for i := 0; i < opts.N; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	return total, nil
}

func writeSkill(root string, s *Skill, st *Stats) error {
	base := filepath.Join(root, s.Dir)
	for _, f := range s.Files {
		p := filepath.Join(base, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		mode := os.FileMode(0o644)
		if strings.HasPrefix(f.Path, "scripts/") {
			mode = 0o755
		}
		if err := os.WriteFile(p, f.Content, mode); err != nil {
			return err
		}
		ext := filepath.Ext(f.Path)
		st.Files++
		st.Bytes += int64(len(f.Content))
		st.ByExt[ext] += int64(len(f.Content))
		st.FilesByExt[ext]++
	}
	st.Skills++
	if s.Malicious {
		st.Malicious++
	}
	return nil
}

// gen holds one skill's random stream.
type gen struct {
	r *rand.Rand
}

func (g *gen) intn(n int) int { return g.r.IntN(n) }

// between returns an int in [lo, hi].
func (g *gen) between(lo, hi int) int { return lo + g.r.IntN(hi-lo+1) }

func (g *gen) chance(p float64) bool { return g.r.Float64() < p }

func pick[T any](g *gen, xs []T) T { return xs[g.r.IntN(len(xs))] }

// skill builds the files of one skill.
func (g *gen) skill(name string, malicious bool) []File {
	topic := pick(g, topics)
	var files []File
	var scripts []string
	// Scripts: most skills have a few; some have none.
	nScripts := pick(g, []int{0, 0, 1, 1, 1, 1, 2, 2, 3, 4})
	for i := 0; i < nScripts; i++ {
		kind := pick(g, []string{"js", "js", "js", "ts", "ts", "sh", "sh", "sh", "py", "py", "py"})
		base := pick(g, scriptBases) + "-" + pick(g, nouns)
		if i == 0 {
			base = pick(g, scriptBases)
		}
		var content string
		switch kind {
		case "js":
			content = g.js(false)
		case "ts":
			content = g.js(true)
		case "sh":
			content = g.shell()
		case "py":
			content = g.python()
		}
		p := "scripts/" + base + "." + kind
		files = append(files, File{Path: p, Content: []byte(content)})
		scripts = append(scripts, p)
	}
	// Reference documents.
	nRefs := pick(g, []int{0, 0, 0, 0, 1, 1, 1, 1, 2, 3})
	var refs []string
	for i := 0; i < nRefs; i++ {
		p := "references/" + pick(g, refNames) + ".md"
		if i > 0 {
			p = "references/" + pick(g, refNames) + "-" + pick(g, nouns) + ".md"
		}
		files = append(files, File{Path: p, Content: []byte(g.markdown(g.between(25, 150), topic, nil, nil))})
		refs = append(refs, p)
	}
	md := g.frontmatter(name, topic) + g.markdown(g.between(50, 400), topic, scripts, refs)
	files = append(files, File{Path: "SKILL.md", Content: []byte(md)})
	files = dedupe(files)
	if malicious {
		files = g.inject(files)
	}
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	return files
}

// dedupe keeps the first file of each path (names are drawn from small lists).
func dedupe(files []File) []File {
	seen := map[string]bool{}
	out := files[:0]
	for _, f := range files {
		if !seen[f.Path] {
			seen[f.Path] = true
			out = append(out, f)
		}
	}
	return out
}

func (g *gen) skillName() string {
	return pick(g, verbs) + "-" + pick(g, nouns)
}

func (g *gen) frontmatter(name, topic string) string {
	var b strings.Builder
	b.WriteString("---\n")
	fmt.Fprintf(&b, "name: %s\n", name)
	fmt.Fprintf(&b, "description: %s %s for %s. Use when the user asks to %s %s or mentions %s.\n",
		title(pick(g, verbs)), pick(g, nouns), topic, pick(g, verbs), pick(g, nouns), pick(g, nouns))
	if g.chance(0.5) {
		fmt.Fprintf(&b, "license: %s\n", pick(g, []string{"MIT", "Apache-2.0", "BSD-3-Clause", "Proprietary. LICENSE.txt has complete terms"}))
	}
	if g.chance(0.4) {
		fmt.Fprintf(&b, "allowed-tools: %s\n", pick(g, []string{"Bash, Read, Write", "Read, Grep, Glob", "Bash(git:*), Read", "Bash(npm run:*), Read, Edit"}))
	}
	if g.chance(0.35) {
		b.WriteString("metadata:\n")
		fmt.Fprintf(&b, "  version: \"%d.%d.%d\"\n", g.intn(4), g.intn(20), g.intn(10))
		fmt.Fprintf(&b, "  author: %s\n", pick(g, authors))
		if g.chance(0.5) {
			fmt.Fprintf(&b, "  openclaw:\n    requires:\n      bins: [%s]\n", pick(g, []string{"node", "python3", "jq", "git", "curl"}))
		}
	}
	b.WriteString("---\n\n")
	return b.String()
}

func title(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
