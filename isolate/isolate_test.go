package isolate

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/config"
	"github.com/skillvet/skillvet/rules"
	"github.com/skillvet/skillvet/skill"
)

// The test binary is its own worker: re-executed with WorkerCommand as its
// first argument, it serves requests instead of running tests. crashRule is
// in the worker's catalogue (extraRules) in both processes, so the parent
// sends it by ID like a built-in rule, and it misbehaves in the worker on
// the trigger words below.
func TestMain(m *testing.M) {
	extraRules = []*analyzer.Rule{crashRule}
	if len(os.Args) > 1 && os.Args[1] == WorkerCommand {
		os.Exit(WorkerMain(os.Args[2:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

var crashRule = &analyzer.Rule{
	ID: "ZZTEST-1", Name: "crash-test", Title: "Misbehaves on purpose", Doc: "Test only.",
	Severity: analyzer.Info, Category: analyzer.CatLint, Inputs: analyzer.InSkill,
	Run: func(p *analyzer.Pass) error {
		c := string(p.File.Content)
		switch {
		case strings.Contains(c, "TRIGGER-OVERFLOW"):
			recurse(0) // unbounded recursion: "fatal error: stack overflow"
		case strings.Contains(c, "TRIGGER-EXIT3"):
			os.Exit(3)
		case strings.Contains(c, "TRIGGER-HANG"):
			time.Sleep(time.Hour)
		case strings.Contains(c, "TRIGGER-ALLOC"):
			var keep [][]byte
			for { // live memory that grows until the rlimit stops it
				b := make([]byte, 16<<20)
				for i := 0; i < len(b); i += 4096 {
					b[i] = 1
				}
				keep = append(keep, b)
			}
		case strings.Contains(c, "TRIGGER-TRUNCATE"):
			os.Stdout.WriteString(`{"v":1,"hash":"`)
			os.Exit(0)
		case strings.Contains(c, "TRIGGER-FLOOD"):
			os.Stdout.Write(bytes.Repeat([]byte("x"), maxResponse+1<<17)) // no newline: an endless frame
			time.Sleep(time.Hour)
		case strings.Contains(c, "TRIGGER-GOPANIC"):
			done := make(chan struct{})
			go func() { panic("boom in a parser goroutine") }() // no recover can catch it
			<-done
		}
		return nil
	},
}

//go:noinline
func recurse(n int) int {
	var pad [256]byte
	pad[n%256] = byte(n)
	return recurse(n+1) + int(pad[(n+1)%256])
}

func worker(t testing.TB) (string, []string) {
	t.Helper()
	return os.Args[0], []string{WorkerCommand}
}

func manifest(body string) map[string][]byte {
	return map[string][]byte{"SKILL.md": []byte("---\nname: t\ndescription: a test skill\n---\n" + body + "\n")}
}

// fixtureSkills loads every skill under testdata/rules/*/tp-* (a case is a
// skill directory, or a directory of skill directories).
func fixtureSkills(t *testing.T) []*skill.Skill {
	t.Helper()
	cases, err := filepath.Glob("../testdata/rules/*/tp-*")
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	for _, c := range cases {
		if st, err := os.Stat(c); err != nil || !st.IsDir() {
			continue
		}
		if _, err := os.Lstat(filepath.Join(c, skill.ManifestName)); err == nil {
			dirs = append(dirs, c)
			continue
		}
		subs, _ := os.ReadDir(c)
		for _, s := range subs {
			if s.IsDir() {
				dirs = append(dirs, filepath.Join(c, s.Name()))
			}
		}
	}
	var out []*skill.Skill
	for _, d := range dirs {
		fsys, err := skill.OpenDir(d)
		if err != nil {
			t.Fatal(err)
		}
		s, err := skill.Load(context.Background(), fsys, d, skill.Limits{MaxFileBytes: 4096, MaxFiles: 50, MaxTotalBytes: 1 << 20})
		fsys.Close()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	if len(out) < 10 {
		t.Fatalf("only %d fixture skills", len(out))
	}
	return out
}

func sameResult(t *testing.T, name string, want, got *analyzer.Result) {
	t.Helper()
	if got.Skill != want.Skill || got.Dir != want.Dir {
		t.Errorf("%s: result is for another skill", name)
	}
	if !reflect.DeepEqual(want.Errors, got.Errors) {
		t.Errorf("%s: errors\nwant %q\n got %q", name, want.Errors, got.Errors)
	}
	if !reflect.DeepEqual(want.Findings, got.Findings) {
		t.Errorf("%s: findings differ\nwant %+v\n got %+v", name, want.Findings, got.Findings)
	}
}

// An isolated analysis gives exactly the in-process result: same findings,
// positions (offsets and UTF-16 columns included), fingerprints, errors.
func TestIdenticalToInProcess(t *testing.T) {
	exe, args := worker(t)
	skills := fixtureSkills(t)
	if raceEnabled {
		// Under -race every analysis runs about ten times slower, in the
		// test and in the worker, and the fixtures grow with every rule:
		// a quarter of them, plus every skill with a load problem or a
		// UTF-16 file, keeps each kind of result crossing the boundary
		// (the run without -race compares all of them).
		skills = raceSample(skills)
	}
	opts := analyzer.Options{Jobs: 2, Severity: map[string]analyzer.Severity{"SV911": analyzer.High},
		Config: analyzer.RuleConfig{AllowedHosts: []string{"example.com"}}}
	eng, err := analyzer.New(rules.All(), opts)
	if err != nil {
		t.Fatal(err)
	}
	pool, err := NewPool(exe, args, Config{Engine: opts}, 2)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	total, problems, utf16 := 0, 0, false
	for i, s := range skills {
		want := eng.Analyze(context.Background(), s)
		total += len(want.Findings)
		problems += len(s.Problems)
		for _, f := range s.Files {
			utf16 = utf16 || strings.HasPrefix(f.Note, "UTF-16")
		}
		var got *analyzer.Result
		if i%3 == 0 { // one-shot for some, the pool for the rest
			got, err = Analyze(context.Background(), exe, args, s, Config{Engine: opts})
		} else {
			got, err = pool.Analyze(context.Background(), s)
		}
		if err != nil {
			t.Fatalf("%s: %v", s.Dir, err)
		}
		sameResult(t, s.Dir, want, got)
	}
	if total < 20 || problems == 0 || !utf16 {
		t.Fatalf("fixtures too weak: %d findings, %d problems, utf16 %v", total, problems, utf16)
	}
	if n := pool.Started(); n > 2 {
		t.Errorf("pool started %d workers for %d healthy analyses, want at most 2", n, len(skills))
	}
}

// raceSample keeps every fourth skill and every skill with a load problem
// or a UTF-16 file.
func raceSample(skills []*skill.Skill) []*skill.Skill {
	var out []*skill.Skill
	for i, s := range skills {
		keep := i%4 == 0 || len(s.Problems) > 0
		for _, f := range s.Files {
			keep = keep || strings.HasPrefix(f.Note, "UTF-16")
		}
		if keep {
			out = append(out, s)
		}
	}
	return out
}

// Inline suppressions and severity overrides cross the boundary too.
func TestIdenticalWithSuppressions(t *testing.T) {
	exe, args := worker(t)
	s := skill.New("skills/sup", map[string][]byte{
		"SKILL.md": []byte("---\nname: sup\ndescription: d\nbogus-key: 1 # skillvet:ignore SV911 -- testing\nother-key: 2\n---\nbody <!-- skillvet:ignore SV123 -->\n"),
	})
	opts := analyzer.Options{HonorSuppressions: true}
	eng, _ := analyzer.New(rules.All(), opts)
	want := eng.Analyze(context.Background(), s)
	got, err := Analyze(context.Background(), exe, args, s, Config{Engine: opts})
	if err != nil {
		t.Fatal(err)
	}
	sameResult(t, "sup", want, got)
	supp := 0
	for _, f := range want.Findings {
		if f.Suppression != nil {
			supp++
		}
	}
	if supp == 0 {
		t.Fatalf("no suppressed finding: %+v", want.Findings)
	}
}

// Declarative custom rules run in the worker from their specification; Go
// rules the worker does not know run here; the merge equals one engine
// running everything.
func TestCustomRules(t *testing.T) {
	exe, args := worker(t)
	cfg := &config.Config{CustomRules: []config.CustomRule{{ID: "ACME-1", Title: "mentions acme", Severity: "high",
		Message: "acme mentioned", In: "text", Keywords: []string{"acme"}}}}
	custom, err := cfg.BuildCustomRules()
	if err != nil {
		t.Fatal(err)
	}
	goRule := &analyzer.Rule{ID: "GO-1", Name: "go-rule", Title: "Go rule", Doc: "d", Severity: analyzer.Medium,
		Category: analyzer.CatLint, Inputs: analyzer.InMarkdown,
		Run: func(p *analyzer.Pass) error {
			if i := strings.Index(string(p.File.Content), "widget"); i >= 0 {
				p.Report(analyzer.Diagnostic{Start: i, End: i + 6, Message: "widget"})
			}
			return nil
		}}
	set := append(append(rules.All(), custom...), goRule)
	s := skill.New("skills/acme", manifest("uses acme and a widget\n\n| bad | table"))
	eng, _ := analyzer.New(set, analyzer.Options{})
	want := eng.Analyze(context.Background(), s)
	got, err := Analyze(context.Background(), exe, args, s, Config{Rules: set, CustomRules: cfg.CustomRules})
	if err != nil {
		t.Fatal(err)
	}
	sameResult(t, "custom", want, got)
	seen := map[string]bool{}
	for _, f := range got.Findings {
		seen[f.Rule] = true
	}
	if !seen["ACME-1"] || !seen["GO-1"] {
		t.Fatalf("custom findings missing: %+v", got.Findings)
	}
	p, _ := newPlan(Config{Rules: set, CustomRules: cfg.CustomRules})
	if len(p.custom) != 1 || p.local == nil || len(p.ids) != len(rules.All()) {
		t.Fatalf("plan: %d specs, local %v, %d ids", len(p.custom), p.local != nil, len(p.ids))
	}
	if _, err := newPlan(Config{Rules: set, Engine: analyzer.Options{HonorSuppressions: true}}); err == nil {
		t.Fatal("in-process rules with suppressions accepted")
	}
}

func failedWith(t *testing.T, res *analyzer.Result, err error, want string) {
	t.Helper()
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("error %v, want it to mention %q", err, want)
	}
	if len(res.Errors) != 1 || !strings.Contains(res.Errors[0], want) {
		t.Fatalf("Errors %q, want one mentioning %q", res.Errors, want)
	}
	n := 0
	for _, f := range res.Findings {
		if f.Rule == analyzer.AnalysisFailed.ID {
			n++
			if !f.Unanalysed || f.Fingerprint == "" || f.File == "" {
				t.Fatalf("SV002 finding %+v", f)
			}
		}
	}
	if n != 1 {
		t.Fatalf("%d SV002 findings in %+v", n, res.Findings)
	}
	if v := res.Verdict(analyzer.Critical); v != analyzer.VerdictBlock {
		t.Fatalf("verdict %s, want block", v)
	}
}

// Each way a worker can die is really exercised in a real process, and
// fails the skill closed while this process carries on.
func TestWorkerFailuresFailClosed(t *testing.T) {
	exe, args := worker(t)
	set := append(rules.All(), crashRule)
	cases := []struct {
		trigger string
		lim     Limits
		want    []string
	}{
		{"TRIGGER-OVERFLOW", Limits{}, []string{"analysis worker crashed: fatal error: stack overflow", "stack limit 64 MiB"}},
		{"TRIGGER-EXIT3", Limits{}, []string{"analysis worker crashed (exit status 3)"}},
		{"TRIGGER-HANG", Limits{Timeout: 1500 * time.Millisecond}, []string{"analysis worker timed out after 1.5s and was killed"}},
		{"TRIGGER-ALLOC", Limits{Memory: 256 << 20}, []string{"analysis worker crashed: fatal error: ", "out of memory", "memory limit 256 MiB"}},
		{"TRIGGER-TRUNCATE", Limits{}, []string{"analysis worker exited without a complete answer: unexpected EOF (exit status 0)"}},
		{"TRIGGER-FLOOD", Limits{}, []string{"analysis worker sent a response over 67108864 bytes"}},
		{"TRIGGER-GOPANIC", Limits{}, []string{"analysis worker crashed: panic: boom in a parser goroutine (exit status 2)"}},
	}
	for _, c := range cases {
		t.Run(c.trigger, func(t *testing.T) {
			if c.trigger == "TRIGGER-ALLOC" && !memoryRlimitEnforced {
				t.Skip("RLIMIT_DATA does not bound the Go heap on " + runtime.GOOS)
			}
			if c.trigger == "TRIGGER-ALLOC" && raceEnabled {
				t.Skip("under -race the detector's own allocator fails first; go test without -race covers this")
			}
			s := skill.New("skills/t", manifest(c.trigger))
			start := time.Now()
			res, err := Analyze(context.Background(), exe, args, s, Config{Rules: set, Limits: c.lim})
			for _, w := range c.want {
				failedWith(t, res, err, w)
			}
			if d := time.Since(start); d > 20*time.Second {
				t.Errorf("took %s", d)
			}
		})
	}
}

// A pooled worker that dies is replaced; healthy ones are reused.
func TestPoolRestartsAfterCrash(t *testing.T) {
	exe, args := worker(t)
	set := append(rules.All(), crashRule)
	pool, err := NewPool(exe, args, Config{Rules: set}, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	ok := skill.New("skills/ok", manifest("fine"))
	for _, body := range []string{"fine", "TRIGGER-OVERFLOW", "fine", "fine"} {
		s := skill.New("skills/t", manifest(body))
		res, err := pool.Analyze(context.Background(), s)
		if body == "fine" && (err != nil || len(res.Errors) > 0) {
			t.Fatalf("healthy skill: %v %q", err, res.Errors)
		}
		if body != "fine" {
			failedWith(t, res, err, "stack overflow")
		}
	}
	if _, err := pool.Analyze(context.Background(), ok); err != nil {
		t.Fatal(err)
	}
	if n := pool.Started(); n != 2 {
		t.Fatalf("started %d workers, want 2 (one before the crash, one after)", n)
	}
}

// A cancelled context kills the worker and fails closed.
func TestCancelled(t *testing.T) {
	exe, args := worker(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	s := skill.New("skills/t", manifest("TRIGGER-HANG"))
	res, err := Analyze(ctx, exe, args, s, Config{Rules: append(rules.All(), crashRule)})
	failedWith(t, res, err, "analysis worker killed: the scan's deadline passed")
}

// The worker analyses only what was hashed: a request whose bytes do not
// match its hash is refused, and so is a skill changed after hashing.
func TestHashChecked(t *testing.T) {
	s := skill.New("skills/h", manifest("hello"))
	p, err := newPlan(Config{})
	if err != nil {
		t.Fatal(err)
	}
	req := newRequest(s, p)
	if _, err := rebuild(&req); err != nil {
		t.Fatalf("faithful request refused: %v", err)
	}
	req.Files[0].Content = []byte("---\nname: t\ndescription: other\n---\n")
	if _, err := rebuild(&req); err == nil || !strings.Contains(err.Error(), "does not match") {
		t.Fatalf("tampered content: %v", err)
	}
	req = newRequest(s, p)
	req.Problems = append(req.Problems, skill.Problem{Path: "x", Kind: skill.ProblemTooLarge, Detail: "d"})
	if _, err := rebuild(&req); err == nil {
		t.Fatal("problem added without changing the hash accepted")
	}
	// Through a real worker: the refusal fails closed.
	h := &handler{cat: catalogue()}
	req = newRequest(s, p)
	req.Hash = strings.Repeat("0", 64)
	if resp := h.handle(&req); !strings.Contains(resp.Err, "does not match") {
		t.Fatalf("handler accepted a wrong hash: %+v", resp)
	}
	exe, args := worker(t)
	s.Files[0].Content = append([]byte(nil), s.Files[0].Content...)
	s.Files[0].Content[len(s.Files[0].Content)-2] = 'X' // changed after hashing
	res, err := Analyze(context.Background(), exe, args, s, Config{})
	failedWith(t, res, err, "changed after it was hashed")
}

// A worker that cannot be started, or answers for something else, fails
// closed too.
func TestBadWorker(t *testing.T) {
	s := skill.New("skills/b", manifest("hello"))
	res, err := Analyze(context.Background(), filepath.Join(t.TempDir(), "missing"), nil, s, Config{})
	failedWith(t, res, err, "cannot start analysis worker")
	// A program that is not a worker: exits at once without answering.
	res, err = Analyze(context.Background(), os.Args[0], []string{"-test.run=^$"}, s, Config{})
	failedWith(t, res, err, "analysis worker")
}

func TestFatalLine(t *testing.T) {
	for in, want := range map[string]string{
		"runtime: goroutine stack exceeds 67108864-byte limit\nruntime: sp=0x1\nfatal error: stack overflow\n\nruntime stack:\n": "fatal error: stack overflow",
		"panic: boom\n\ngoroutine 7 [running]:\n": "panic: boom",
		"\nsomething odd\nmore\n":                 "something odd",
		"":                                        "",
	} {
		if got := fatalLine(in); got != want {
			t.Errorf("fatalLine(%q) = %q, want %q", in, got, want)
		}
	}
}

// Raised skill limits raise the worker's memory limit and request frame
// limit with them; explicit limits win.
func TestPlanLimits(t *testing.T) {
	p, err := newPlan(Config{})
	if err != nil {
		t.Fatal(err)
	}
	if p.limits.Memory != DefaultMemory || p.limits.Stack != DefaultStack || p.limits.Timeout != DefaultTimeout {
		t.Fatalf("defaults %+v", p.limits)
	}
	big := skill.Limits{MaxFileBytes: 64 << 20, MaxFiles: 5000, MaxTotalBytes: 512 << 20}
	p, _ = newPlan(Config{Engine: analyzer.Options{Limits: big}})
	if p.limits.Memory != 12*(512<<20) || p.maxRequest < 2*(512<<20) {
		t.Fatalf("big skills: memory %d, max request %d", p.limits.Memory, p.maxRequest)
	}
	p, _ = newPlan(Config{Engine: analyzer.Options{Limits: big}, Limits: Limits{Memory: 300 << 20, Stack: -1}})
	if p.limits.Memory != 300<<20 || p.limits.Stack != -1 {
		t.Fatalf("explicit limits: %+v", p.limits)
	}
}

// Concurrent analyses share the pool's workers; crashes among them fail
// only their own skill.
func TestPoolConcurrent(t *testing.T) {
	exe, args := worker(t)
	set := append(rules.All(), crashRule)
	eng, _ := analyzer.New(set, analyzer.Options{})
	pool, err := NewPool(exe, args, Config{Rules: set}, 2)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	skills := fixtureSkills(t)[:8]
	for i := 0; i < 3; i++ {
		skills = append(skills, skill.New("skills/crash", manifest("TRIGGER-EXIT3")))
	}
	type out struct {
		res *analyzer.Result
		err error
	}
	outs := make([]out, len(skills))
	done := make(chan int)
	for i, s := range skills {
		go func() {
			r, err := pool.Analyze(context.Background(), s)
			outs[i] = out{r, err}
			done <- i
		}()
	}
	for range skills {
		<-done
	}
	for i, s := range skills {
		if s.Dir == "skills/crash" {
			failedWith(t, outs[i].res, outs[i].err, "exit status 3")
			continue
		}
		if outs[i].err != nil {
			t.Fatalf("%s: %v", s.Dir, outs[i].err)
		}
		sameResult(t, s.Dir, eng.Analyze(context.Background(), s), outs[i].res)
	}
	if n := pool.Started(); n < 3 || n > 5 {
		t.Errorf("started %d workers: want one per crash (3), plus at most 2 that survive", n)
	}
}

// TestReportedOutsideTheEngine: a rule with nothing to run (the provenance
// rules, whose findings skillvet scan adds) runs nowhere, so it needs no
// in-process engine and does not stop inline suppressions.
func TestReportedOutsideTheEngine(t *testing.T) {
	outside := &analyzer.Rule{ID: "SV099", Name: "outside", Title: "Reported outside", Doc: "Test only.",
		Severity: analyzer.High, Category: analyzer.CatObfuscation, Inputs: analyzer.InSkill}
	p, err := newPlan(Config{Rules: append(rules.All(), outside), Engine: analyzer.Options{HonorSuppressions: true}})
	if err != nil {
		t.Fatal(err)
	}
	if p.local != nil || !p.known["SV099"] || len(p.ids) != len(rules.All()) {
		t.Fatalf("plan: local %v, known %v, %d ids", p.local != nil, p.known["SV099"], len(p.ids))
	}
}
