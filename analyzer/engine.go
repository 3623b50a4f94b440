package analyzer

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"
	"golang.org/x/sync/semaphore"

	"github.com/skillvet/skillvet/skill"
)

// Options configure an Engine.
type Options struct {
	Jobs        int           // concurrent analyses; 0 means runtime.NumCPU()
	Limits      skill.Limits  // zero means skill.DefaultLimits
	FileTimeout time.Duration // per-file analysis time while the process gets CPU (fileDeadline); 0 means 30s
	Config      RuleConfig
	// HonorSuppressions applies inline skillvet:ignore directives. Leave it
	// off for third-party skills (the gate, audits): there the attacker
	// writes the directives.
	HonorSuppressions bool
	// Severity overrides a rule's default severity (and any severity a
	// finding set itself), by rule ID.
	Severity map[string]Severity
}

// Engine runs a rule set over skills. It is safe for concurrent use.
type Engine struct {
	rules   []*Rule // sorted by ID, only those with Run
	opts    Options
	enabled map[string]bool // every rule ID passed to New
	pf      *prefilter      // all rules' keywords
	kwIdx   map[*Rule][]int // a rule's keyword indexes in pf
	sem     *semaphore.Weighted
}

// New validates the rules and builds an engine.
func New(rules []*Rule, opts Options) (*Engine, error) {
	if opts.Jobs <= 0 {
		opts.Jobs = runtime.NumCPU()
	}
	if opts.FileTimeout <= 0 {
		opts.FileTimeout = 30 * time.Second
	}
	if opts.Limits == (skill.Limits{}) {
		opts.Limits = skill.DefaultLimits
	}
	seen := map[string]bool{}
	e := &Engine{opts: opts, sem: semaphore.NewWeighted(int64(opts.Jobs)), enabled: map[string]bool{}}
	for _, r := range rules {
		e.enabled[r.ID] = true
		if r.Run == nil && r.Extract == nil {
			continue // engine-reported rules
		}
		if err := r.Validate(); err != nil {
			return nil, err
		}
		if seen[r.ID] {
			return nil, fmt.Errorf("duplicate rule ID %s", r.ID)
		}
		seen[r.ID] = true
		e.rules = append(e.rules, r)
	}
	sort.Slice(e.rules, func(i, j int) bool { return e.rules[i].ID < e.rules[j].ID })
	var words []string
	index := map[string]int{}
	e.kwIdx = map[*Rule][]int{}
	for _, r := range e.rules {
		for _, k := range r.Keywords {
			i, ok := index[k]
			if !ok {
				i = len(words)
				index[k] = i
				words = append(words, k)
			}
			e.kwIdx[r] = append(e.kwIdx[r], i)
		}
	}
	e.pf = newPrefilter(words)
	return e, nil
}

// Options returns the engine's effective options.
func (e *Engine) Options() Options { return e.opts }

// Source is a skill directory to load. Open is called when the skill is
// loaded; if the returned FS implements io.Closer it is closed after.
type Source struct {
	Dir  string // display path
	Open func() (fs.FS, error)
}

// MemSource is a Source over an fs.FS that needs no opening.
func MemSource(dir string, fsys fs.FS) Source {
	return Source{Dir: dir, Open: func() (fs.FS, error) { return fsys, nil }}
}

// ScanAll loads and analyses every source with bounded parallelism and
// calls emit (from one goroutine at a time) with each result as it
// completes. It returns the results sorted by directory.
func (e *Engine) ScanAll(ctx context.Context, srcs []Source, emit func(*Result)) ([]*Result, error) {
	return ForEachSource(ctx, srcs, e.opts.Jobs, e.Scan, emit)
}

// ForEachSource runs scan on every source, at most jobs at a time, calls
// emit (from one goroutine at a time) with each result as it completes,
// and returns the results sorted by directory. The engine and the isolated
// worker pool share it.
func ForEachSource(ctx context.Context, srcs []Source, jobs int, scan func(context.Context, Source) *Result, emit func(*Result)) ([]*Result, error) {
	out := make([]*Result, len(srcs))
	var mu sync.Mutex
	g, gctx := errgroup.WithContext(ctx)
	// jobs long-lived workers take the sources in order (a goroutine per
	// source grew its stack anew for every skill)
	var next atomic.Int64
	for range min(max(1, jobs), len(srcs)) {
		g.Go(func() error {
			for {
				i := int(next.Add(1) - 1)
				if i >= len(srcs) || gctx.Err() != nil {
					return gctx.Err()
				}
				r := scan(gctx, srcs[i])
				if err := gctx.Err(); err != nil {
					return err
				}
				mu.Lock()
				out[i] = r
				if emit != nil {
					emit(r)
				}
				mu.Unlock()
			}
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Dir < out[j].Dir })
	return out, nil
}

// Scan loads one skill from src and analyses it.
func (e *Engine) Scan(ctx context.Context, src Source) *Result {
	s, failed := LoadSource(ctx, src, e.opts.Limits)
	if failed != nil {
		return failed
	}
	return e.Analyze(ctx, s)
}

// LoadSource opens and loads the skill of src. When the directory cannot
// be read it returns a fail-closed result instead (SV002, blocks).
func LoadSource(ctx context.Context, src Source, lim skill.Limits) (*skill.Skill, *Result) {
	var s *skill.Skill
	fsys, err := src.Open()
	if err == nil {
		s, err = skill.Load(ctx, fsys, src.Dir, lim)
		if c, ok := fsys.(io.Closer); ok {
			c.Close()
		}
	}
	if err != nil {
		return nil, FailedResult(skill.New(src.Dir, nil), "cannot read skill directory: "+err.Error())
	}
	return s, nil
}

// danglingManifest reports whether the skill's SKILL.md is a symlink to
// nothing.
func danglingManifest(s *skill.Skill) bool {
	for _, p := range s.Problems {
		if p.Path == skill.ManifestName && p.Kind == skill.ProblemDanglingLink {
			return true
		}
	}
	return false
}

func builtinFinding(r *Rule, path, msg string) Finding {
	p := skill.Position{Line: 1, Column: 1, Column16: 1}
	return Finding{Rule: r.ID, Severity: r.Severity, Category: r.Category, Kind: EvIntegrity, Path: path,
		Start: p, End: p, Message: msg, Unanalysed: true}
}

// Analyze runs the rules over a loaded skill. Files are analysed in
// parallel within the engine's job limit.
func (e *Engine) Analyze(ctx context.Context, s *skill.Skill) *Result {
	r := &Result{Skill: s, Dir: s.Dir}
	for _, p := range s.Problems {
		f := builtinFinding(UnreadableContent, p.Path, problemMessage(p))
		switch {
		case p.Kind == skill.ProblemDanglingLink,
			// a SKILL.md that is itself a dangling link: an empty shell
			p.Kind == skill.ProblemNoManifest && danglingManifest(s):
			// Layout, not a threat: nothing can be read through it.
			f.Unanalysed, f.Kind, f.Severity = false, EvIndicator, Low
		case p.Kind == skill.ProblemLinkInTree:
			// Layout: the content was read and is analysed like any file.
			f.Unanalysed, f.Kind, f.Severity = false, EvIndicator, Low
		}
		r.Findings = append(r.Findings, f)
	}
	var mu sync.Mutex
	var embedded []*skill.File
	collect := func(o fileResult) {
		mu.Lock()
		r.Findings = append(r.Findings, o.findings...)
		r.Errors = append(r.Errors, o.errs...)
		r.Capabilities = append(r.Capabilities, o.caps...)
		embedded = append(embedded, o.embedded...)
		mu.Unlock()
	}
	var wg sync.WaitGroup
	run := func(f *skill.File, skillLevel bool) {
		defer wg.Done()
		if err := e.sem.Acquire(ctx, 1); err != nil {
			collect(fileResult{findings: []Finding{builtinFinding(AnalysisFailed, f.Path, "analysis cancelled: "+err.Error())}, errs: []string{err.Error()}})
			return
		}
		defer e.sem.Release(1)
		collect(e.analyzeFile(ctx, s, f, skillLevel))
	}
	mf := s.ManifestFile()
	if mf == nil {
		mf = &skill.File{Path: skill.ManifestName}
	}
	// The skill's shell session (Pass.SessionEnv) reads every Markdown file
	// and script. Built here, before the files' workers start: built by the
	// first worker that needs it, it would keep every other worker of the
	// skill waiting with its slot held, one core busy.
	if sessionMayMatter(s) {
		(&Pass{Skill: s, File: mf, ctx: ctx}).SessionEnv()
	}
	wg.Add(1)
	goWork(func() { run(mf, true) })
	for _, f := range s.Files {
		wg.Add(1)
		goWork(func() { run(f, false) })
	}
	wg.Wait()
	// Code embedded in the files (and in that code, a few levels down) is
	// analysed like files of its kind, wave by wave.
	budget := embedBudget{files: MaxEmbeddedFiles, bytes: e.opts.Limits.MaxTotalBytes}
	for depth := 1; len(embedded) > 0 && ctx.Err() == nil; depth++ {
		wave := embedded
		embedded = nil
		wave, left, why := budget.take(wave, depth)
		if left != nil {
			collect(fileResult{findings: []Finding{builtinFinding(UnreadableContent, left.Root().Path, why)}})
		}
		for _, f := range wave {
			wg.Add(1)
			goWork(func() { run(f, false) })
		}
		wg.Wait()
	}
	r.Capabilities = DedupCaps(r.Capabilities)
	if ctx.Err() == nil {
		collect(e.correlate(ctx, s, r))
	}
	r.Capabilities = DedupCaps(r.Capabilities)
	for i := range r.Findings {
		if sev, ok := e.opts.Severity[r.Findings[i].Rule]; ok && !r.Findings[i].Unanalysed {
			r.Findings[i].Severity = sev
		}
	}
	e.applySuppressions(r)
	// The parses were shared by this skill's rules only; results outlive
	// them (a batch scan keeps every result, the gate every served skill),
	// so let them go: kept, they cost several times the content in memory.
	for _, f := range s.Files {
		f.ForgetParses()
	}
	r.finish()
	return r
}

// sessionMayMatter reports whether some Markdown file or shell script of
// the skill reads a variable, the only case where the session's variables
// are asked for.
func sessionMayMatter(s *skill.Skill) bool {
	for _, f := range s.Files {
		if (f.Kind == skill.KindMarkdown || f.Kind == skill.KindShell) && bytes.IndexByte(f.Content, '$') >= 0 {
			return true
		}
	}
	return false
}

// fileResult is what the rules found in one file (or, for correlators, in
// the whole skill).
type fileResult struct {
	findings []Finding
	errs     []string
	caps     []Cap
	embedded []*skill.File // code the extractors found in the file
}

// Limits on embedded code per skill: beyond them the rest is not analysed
// as code, which blocks the skill (the scanner is blind there).
const (
	MaxEmbeddedFiles = 20000 // a documentation skill can hold thousands of code blocks; bytes are bounded separately
	MaxEmbedDepth    = 4
)

type embedBudget struct {
	files int
	bytes int64
}

// take returns the part of wave the budget allows; when something is left
// out, the first file left out and why.
func (b *embedBudget) take(wave []*skill.File, depth int) (kept []*skill.File, left *skill.File, why string) {
	sort.Slice(wave, func(i, j int) bool { return wave[i].Path < wave[j].Path })
	if depth > MaxEmbedDepth {
		return nil, wave[0], fmt.Sprintf("code embedded more than %d levels deep (%s) was not analysed", MaxEmbedDepth, wave[0].Path)
	}
	for i, f := range wave {
		if b.files <= 0 || b.bytes < int64(len(f.Content)) {
			return wave[:i], f, fmt.Sprintf("more embedded code than the analysis limits (%d blocks, %d bytes): the code from %s on was not analysed", MaxEmbeddedFiles, b.bytes, f.Path)
		}
		b.files--
		b.bytes -= int64(len(f.Content))
	}
	return wave, nil, ""
}

// correlate runs the InEvidence rules over the skill's findings and
// capabilities, under the per-file timeout.
func (e *Engine) correlate(ctx context.Context, s *skill.Skill, r *Result) fileResult {
	var rules []*Rule
	for _, rl := range e.rules {
		if rl.Inputs&InEvidence != 0 {
			rules = append(rules, rl)
		}
	}
	if len(rules) == 0 {
		return fileResult{}
	}
	mf := s.ManifestFile()
	if mf == nil {
		mf = &skill.File{Path: skill.ManifestName}
	}
	findings := append([]Finding(nil), r.Findings...)
	SortFindings(findings)
	caps := append([]Cap(nil), r.Capabilities...)
	return e.runRules(ctx, s, mf, rules, func(p *Pass) { p.findings, p.caps = findings, caps })
}

// analyzeFile runs every applicable rule on f under the per-file timeout.
func (e *Engine) analyzeFile(ctx context.Context, s *skill.Skill, f *skill.File, skillLevel bool) fileResult {
	var rules []*Rule
	var hits []bool
	for _, r := range e.rules {
		if skillLevel {
			if r.Inputs&InSkill == 0 {
				continue
			}
		} else if !r.wants(f.Kind) {
			continue
		}
		if !skillLevel && len(r.Keywords) > 0 {
			if hits == nil {
				hits = e.pf.match(f.Content)
			}
			any := false
			for _, i := range e.kwIdx[r] {
				any = any || hits[i]
			}
			if !any {
				continue
			}
		}
		rules = append(rules, r)
	}
	if len(rules) == 0 {
		return fileResult{}
	}
	return e.runRules(ctx, s, f, rules, nil)
}

// runRules runs rules on f, in order, under the per-file timeout; prep,
// when set, prepares each pass.
func (e *Engine) runRules(ctx context.Context, s *skill.Skill, f *skill.File, rules []*Rule, prep func(*Pass)) fileResult {
	// The bound is CPU the analysis could have had, not wall time: see
	// fileDeadline. The rules see it as their context's cancellation.
	fctx, cancel := context.WithCancel(ctx)
	defer cancel()
	done := make(chan fileResult, 1)
	goWork(func() {
		busyFiles.Add(1)
		defer busyFiles.Add(-1)
		var o fileResult
		var mu sync.Mutex
		var parseErr *ParseError
		// one pair of sinks for every rule's pass (two closures per rule
		// and file were a tenth of the objects a scan allocates)
		report := func(fd Finding) { mu.Lock(); o.findings = append(o.findings, fd); mu.Unlock() }
		capture := func(c Cap) { mu.Lock(); o.caps = append(o.caps, c); mu.Unlock() }
		for _, r := range rules {
			if fctx.Err() != nil {
				break
			}
			p := &Pass{Rule: r, Skill: s, File: f, Config: &e.opts.Config, ctx: fctx, report: report, capture: capture}
			if prep != nil {
				prep(p)
			}
			if r.Extract != nil {
				fs, err := runExtract(p)
				if err == nil {
					mu.Lock()
					o.embedded = append(o.embedded, fs...)
					mu.Unlock()
				} else if !embeddedParseError(f, err) {
					var pe *ParseError
					if errors.As(err, &pe) {
						if parseErr == nil {
							parseErr = pe
						}
					} else {
						mu.Lock()
						o.errs = append(o.errs, fmt.Sprintf("rule %s failed on %s: %v", r.ID, f.Path, err))
						o.findings = append(o.findings, builtinFinding(AnalysisFailed, f.Root().Path, fmt.Sprintf("rule %s failed on %s: %s", r.ID, f.Path, FirstLine(err.Error()))))
						mu.Unlock()
					}
				}
			}
			if r.Run == nil {
				continue
			}
			if err := runRule(p); err != nil {
				if embeddedParseError(f, err) {
					continue
				}
				var pe *ParseError
				if errors.As(err, &pe) {
					// Every rule of the language gets the same parse
					// failure: report it once per file, below.
					if parseErr == nil {
						parseErr = pe
					}
					continue
				}
				mu.Lock()
				o.errs = append(o.errs, fmt.Sprintf("rule %s failed on %s: %v", r.ID, f.Path, err))
				o.findings = append(o.findings, builtinFinding(AnalysisFailed, f.Path, fmt.Sprintf("rule %s failed on %s: %s", r.ID, f.Path, FirstLine(err.Error()))))
				mu.Unlock()
			}
		}
		mu.Lock()
		defer mu.Unlock()
		if parseErr != nil && f.Embed == nil {
			o = withParseFailure(o, f.Path, parseErr)
		}
		done <- o
	})
	o, waited, ok := fileDeadline(ctx, done, e.opts.FileTimeout)
	if ok {
		return o
	}
	cancel()
	msg := fmt.Sprintf("analysis of %s stopped: %v", f.Path, ctx.Err())
	if ctx.Err() == nil {
		msg = fmt.Sprintf("analysis of %s timed out after %s", f.Path, e.opts.FileTimeout)
		if waited > e.opts.FileTimeout*3/2 {
			// the bound was extended while the process was short of CPU
			msg += fmt.Sprintf(" of running time (%s in all on a busy machine)", waited.Round(time.Second))
		}
	}
	fd := builtinFinding(AnalysisFailed, f.Path, msg)
	fd.Unanalysed = true
	// Timeouts are a property of the input, not a crash: they block the
	// skill through the finding but are not internal errors.
	return fileResult{findings: []Finding{fd}}
}

// idleWorkers holds goroutines that ran one file's rules and wait for the
// next file's. A goroutine started per file grew its stack from the start
// size again for every file (the parsers and the rules recurse deeply),
// which was about 5% of a scan's CPU in copying stacks; a reused one keeps
// the stack it grew until the collector shrinks it.
var idleWorkers = make(chan chan func(), 64)

// goWork runs fn on an idle worker goroutine, or on a new one when none is
// idle. A worker that finishes goes back to the idle set, or ends when the
// set is full; a worker whose file timed out rejoins it once fn returns.
func goWork(fn func()) {
	select {
	case w := <-idleWorkers:
		w <- fn
	default:
		w := make(chan func(), 1)
		w <- fn
		go work(w)
	}
}

func work(w chan func()) {
	for fn := range w {
		fn()
		select {
		case idleWorkers <- w:
		default:
			return
		}
	}
}

// withParseFailure makes sure a file its parser could not analyse has one
// integrity finding: the language's own rule (SV005–SV008) usually
// reported it already; otherwise SV002 does. A parser crash is also an
// internal error (a bug to report), with its stack in the error only.
func withParseFailure(o fileResult, path string, pe *ParseError) fileResult {
	var crash *skill.PanicError
	if errors.As(pe, &crash) {
		o.errs = append(o.errs, fmt.Sprintf("%s parser crashed on %s: %v\n%s", pe.What, path, crash.Value, crash.Stack))
	}
	for _, f := range o.findings {
		if f.Unanalysed && f.Path == path {
			return o
		}
	}
	msg := FirstLine(pe.Error())
	if crash != nil {
		msg = fmt.Sprintf("%s parser crashed on %s (%v): the file was not analysed", pe.What, path, crash.Value)
	}
	o.findings = append(o.findings, builtinFinding(AnalysisFailed, path, msg))
	return o
}

// FirstLine returns s up to its first newline.
func FirstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// embeddedParseError reports a parse failure of embedded code: a snippet
// in documentation is often partial (elisions, placeholders), and the host
// file's own analysis reads its text, so it does not block.
func embeddedParseError(f *skill.File, err error) bool {
	var pe *ParseError
	return f.Embed != nil && errors.As(err, &pe)
}

func runExtract(p *Pass) (fs []*skill.File, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v\n%s", r, debug.Stack())
		}
	}()
	return p.Rule.Extract(p)
}

func runRule(p *Pass) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v\n%s", r, debug.Stack())
		}
	}()
	return p.Rule.Run(p)
}
