// Package isolate runs skillvet's analysis of one skill in a separate worker
// process, so that a parser failure Go cannot recover from (a stack
// overflow on deeply nested input, running out of memory, a runaway loop)
// kills the worker and not the agent that embeds the gate. Whatever goes
// wrong in the worker, the caller gets a fail-closed analyzer.Result: an
// SV002 finding marked Unanalysed and an entry in Errors, so the skill is
// blocked. See DOC.md.
//
// The worker is the skillvet binary run as "skillvet __analyze-worker" (the
// hidden WorkerCommand). The parent sends the skill's in-memory files (the
// bytes that were read and hashed; the disk is never read again), its load
// problems and the rule selection by ID; the worker rebuilds the skill,
// checks that its hash is the parent's, runs the engine and sends the
// findings back. The result is identical to an in-process Engine.Analyze.
//
// Built-in rules cross the process boundary by ID and declarative custom
// rules (.skillvet.yaml custom-rules) as their specification. Rules that
// are Go functions unknown to the worker (an embedder's own rules) cannot
// cross it: they run in the calling process, on the same bytes, and their
// findings are merged into the worker's.
package isolate

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/config"
	"github.com/skillvet/skillvet/rules"
	"github.com/skillvet/skillvet/skill"
)

// Default limits of a worker process.
const (
	DefaultMemory  = 1 << 30         // 1 GiB: RLIMIT_DATA of the worker
	DefaultStack   = 64 << 20        // 64 MiB: maximum goroutine stack (Go's default is 1 GB)
	DefaultTimeout = 2 * time.Minute // wall clock per skill
)

// Limits bound a worker process.
type Limits struct {
	// Timeout bounds one skill's analysis, from sending the request to
	// reading the answer; the worker is killed when it runs out (or when
	// the context is done, whichever comes first). 0 means DefaultTimeout.
	Timeout time.Duration
	// Memory is the worker's RLIMIT_DATA in bytes (Linux; elsewhere only
	// the soft GC limit at 3/4 of it applies). 0 means DefaultMemory; a
	// negative value sets no limit.
	Memory int64
	// Stack is the worker's maximum goroutine stack in bytes. 0 means
	// DefaultStack; a negative value keeps Go's default.
	Stack int
}

func (l Limits) withDefaults() Limits {
	if l.Timeout <= 0 {
		l.Timeout = DefaultTimeout
	}
	if l.Memory == 0 {
		l.Memory = DefaultMemory
	}
	if l.Stack == 0 {
		l.Stack = DefaultStack
	}
	return l
}

// Config is the analysis to run in the worker and how to run the worker.
type Config struct {
	// Rules is the rule set; nil means rules.All(). Built-in rules run in
	// the worker; a rule built from one of CustomRules (same ID) runs in
	// the worker from its specification; any other rule runs in the
	// calling process (see the package documentation).
	Rules []*analyzer.Rule
	// CustomRules are the .skillvet.yaml custom-rules the custom rules in
	// Rules were built from.
	CustomRules []config.CustomRule
	// Engine are the engine options (Jobs, Limits, FileTimeout, rule
	// configuration, suppressions, severity overrides), passed to the
	// worker. HonorSuppressions cannot be combined with rules that run in
	// the calling process: a directive must see every finding.
	Engine analyzer.Options
	Limits Limits
	// Env is the worker's environment; nil means an empty environment (the
	// worker needs none, and the agent's secrets stay out of it).
	Env []string
}

// DefaultCommand is the worker command of the running skillvet binary:
// os.Executable() with the hidden subcommand. Programs that are not the
// skillvet binary point Exe at an installed skillvet instead.
func DefaultCommand() (exe string, args []string, err error) {
	exe, err = os.Executable()
	if err != nil {
		return "", nil, fmt.Errorf("cannot locate the skillvet binary for the analysis worker: %w", err)
	}
	return exe, []string{WorkerCommand}, nil
}

// plan is a Config prepared once: the rule selection split into what
// crosses to the worker and what runs here.
type plan struct {
	ids    []string
	custom []config.CustomRule
	engine analyzer.Options
	known  map[string]bool // rule IDs a worker may report
	local  *analyzer.Engine
	limits Limits
	env    []string
	// maxRequest is the worker's request frame limit (-max-request).
	maxRequest int
}

func newPlan(cfg Config) (*plan, error) {
	set := cfg.Rules
	if set == nil {
		set = rules.All()
	}
	// Validate the whole set as the in-process engine would.
	if _, err := analyzer.New(set, cfg.Engine); err != nil {
		return nil, err
	}
	cat := catalogue()
	specs := map[string]config.CustomRule{}
	for _, cr := range cfg.CustomRules {
		specs[strings.ToUpper(cr.ID)] = cr
	}
	lim := cfg.Limits
	if lim.Memory == 0 {
		// Room for the request, the skill and its parses when the skill
		// limits are raised above the defaults.
		sl := cfg.Engine.Limits
		if sl == (skill.Limits{}) {
			sl = skill.DefaultLimits
		}
		lim.Memory = max(DefaultMemory, 12*sl.MaxTotalBytes)
	}
	p := &plan{engine: cfg.Engine, limits: lim.withDefaults(), env: cfg.Env, known: map[string]bool{},
		maxRequest: maxRequestFor(cfg.Engine.Limits)}
	if p.env == nil {
		p.env = []string{}
	}
	var local []*analyzer.Rule
	for _, r := range set {
		switch spec, isSpec := specs[r.ID]; {
		case cat[r.ID] == r:
			p.ids = append(p.ids, r.ID)
		case r.Run == nil && r.Extract == nil && !isSpec:
			// Reported outside any engine (the provenance rules, whose
			// findings skillvet scan adds): nothing runs, here or in the
			// worker.
		case isSpec && cat[r.ID] == nil:
			p.custom = append(p.custom, spec)
		default:
			local = append(local, r)
			continue
		}
		p.known[r.ID] = true
	}
	for _, r := range analyzer.BuiltinRules() {
		p.known[r.ID] = true // the engine reports SV001 and SV002 whatever the set
	}
	if len(local) > 0 {
		if cfg.Engine.HonorSuppressions {
			return nil, fmt.Errorf("rule %s is not known to the analysis worker and would run in this process; inline suppressions cannot be honoured across the two", local[0].ID)
		}
		eng, err := analyzer.New(local, cfg.Engine)
		if err != nil {
			return nil, err
		}
		p.local = eng
	}
	return p, nil
}

// Analyze analyses s in a new worker process (exe with args, normally
// DefaultCommand) and returns a result identical to an in-process
// Engine.Analyze. The result is never nil: when the worker cannot be
// started, crashes, exceeds its limits, times out or answers badly, it is
// the fail-closed result (SV002, unanalysed, and the reason in Errors), and
// the error carries the same reason.
func Analyze(ctx context.Context, exe string, args []string, s *skill.Skill, cfg Config) (*analyzer.Result, error) {
	p, err := newPlan(cfg)
	if err != nil {
		return fail(s, "analysis not started: "+err.Error())
	}
	return p.analyze(ctx, s, func(ctx context.Context, req []byte) ([]byte, error) {
		w, err := startProc(exe, args, p)
		if err != nil {
			return nil, err
		}
		defer w.close()
		return w.roundTrip(ctx, req, p.limits.Timeout)
	})
}

func fail(s *skill.Skill, msg string) (*analyzer.Result, error) {
	msg = analyzer.Sanitize(msg)
	return analyzer.FailedResult(s, msg), errors.New(msg)
}

func (p *plan) analyze(ctx context.Context, s *skill.Skill, roundTrip func(context.Context, []byte) ([]byte, error)) (*analyzer.Result, error) {
	if h := s.ComputeHash(); h != s.Hash {
		return fail(s, "skill content changed after it was hashed; not analysed")
	}
	req, err := json.Marshal(newRequest(s, p))
	if err != nil {
		return fail(s, "encoding analysis request: "+err.Error())
	}
	req = append(req, '\n')
	out, err := roundTrip(ctx, req)
	if err != nil {
		return fail(s, err.Error())
	}
	var resp response
	if err := json.Unmarshal(out, &resp); err != nil {
		return fail(s, "analysis worker sent an invalid response: "+err.Error())
	}
	if resp.Err != "" {
		return fail(s, "analysis worker refused the skill: "+resp.Err)
	}
	if err := p.check(s, &resp); err != nil {
		return fail(s, "analysis worker sent an invalid response: "+err.Error())
	}
	res := &analyzer.Result{Skill: s, Dir: s.Dir, Errors: resp.Errors, Capabilities: resp.Caps}
	for _, w := range resp.Findings {
		res.Findings = append(res.Findings, w.finding())
	}
	if p.local != nil {
		lr := p.local.Analyze(ctx, s)
		for _, f := range lr.Findings {
			if f.Rule != analyzer.UnreadableContent.ID { // load problems: the worker reported them
				res.Findings = append(res.Findings, f)
			}
		}
		res.Errors = append(res.Errors, lr.Errors...)
		res.Capabilities = analyzer.DedupCaps(append(res.Capabilities, lr.Capabilities...))
	}
	if len(res.Errors) == 0 {
		res.Errors = nil // as the engine leaves it
	}
	res.Finish()
	return res, nil
}

// check validates a response against the request: same skill, rules that
// were asked for, files that exist, severities that exist.
func (p *plan) check(s *skill.Skill, r *response) error {
	if r.V != protocolVersion {
		return fmt.Errorf("protocol version %d", r.V)
	}
	if r.Hash != s.Hash {
		return fmt.Errorf("answer for skill %s, asked for %s", r.Hash, s.Hash)
	}
	paths := map[string]bool{skill.ManifestName: true}
	for _, f := range s.Files {
		paths[f.Path] = true
	}
	for _, pr := range s.Problems {
		paths[pr.Path] = true
	}
	for _, f := range r.Findings {
		switch {
		case !p.known[f.Rule]:
			return fmt.Errorf("finding of rule %q, which was not run", f.Rule)
		case f.Severity < analyzer.Info || f.Severity > analyzer.Critical:
			return fmt.Errorf("finding with severity %d", f.Severity)
		case !paths[f.Path]:
			return fmt.Errorf("finding in %q, which is not a file of the skill", f.Path)
		case f.Kind > analyzer.EvLint:
			return fmt.Errorf("finding with evidence kind %d", f.Kind)
		}
		for _, st := range f.Steps {
			if !paths[st.Path] {
				return fmt.Errorf("chain step in %q, which is not a file of the skill", st.Path)
			}
		}
	}
	for _, c := range r.Caps {
		if !paths[c.Path] {
			return fmt.Errorf("capability in %q, which is not a file of the skill", c.Path)
		}
	}
	return nil
}

// Pool analyses skills in worker processes that are reused from one skill
// to the next, at most size at a time. A worker that fails in any way is
// killed and discarded (its skill fails closed); the next analysis starts a
// fresh one. It is safe for concurrent use.
type Pool struct {
	exe   string
	args  []string
	plan  *plan
	slots chan struct{}

	mu      sync.Mutex
	idle    []*proc
	closed  bool
	started atomic.Int64
}

// NewPool prepares a pool; it starts workers on demand.
func NewPool(exe string, args []string, cfg Config, size int) (*Pool, error) {
	p, err := newPlan(cfg)
	if err != nil {
		return nil, err
	}
	if size <= 0 {
		size = 1
	}
	return &Pool{exe: exe, args: append([]string(nil), args...), plan: p, slots: make(chan struct{}, size)}, nil
}

// Started counts the worker processes the pool has started.
func (p *Pool) Started() int64 { return p.started.Load() }

// Analyze is the pooled Analyze.
func (p *Pool) Analyze(ctx context.Context, s *skill.Skill) (*analyzer.Result, error) {
	select {
	case p.slots <- struct{}{}:
	case <-ctx.Done():
		return fail(s, "analysis cancelled: "+ctx.Err().Error())
	}
	defer func() { <-p.slots }()
	return p.plan.analyze(ctx, s, func(ctx context.Context, req []byte) ([]byte, error) {
		w, err := p.get()
		if err != nil {
			return nil, err
		}
		out, err := w.roundTrip(ctx, req, p.plan.limits.Timeout)
		if err != nil {
			w.close()
			return nil, err
		}
		if !json.Valid(out) {
			w.close() // broken: do not reuse it (the analysis fails closed)
			return out, nil
		}
		p.put(w)
		return out, nil
	})
}

func (p *Pool) get() (*proc, error) {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return nil, errors.New("analysis worker pool is closed")
	}
	if n := len(p.idle); n > 0 {
		w := p.idle[n-1]
		p.idle = p.idle[:n-1]
		p.mu.Unlock()
		return w, nil
	}
	p.mu.Unlock()
	p.started.Add(1)
	return startProc(p.exe, p.args, p.plan)
}

func (p *Pool) put(w *proc) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		go w.close()
		return
	}
	p.idle = append(p.idle, w)
}

// Close stops the idle workers; analyses still running finish and stop
// theirs.
func (p *Pool) Close() error {
	p.mu.Lock()
	idle := p.idle
	p.idle, p.closed = nil, true
	p.mu.Unlock()
	for _, w := range idle {
		w.close()
	}
	return nil
}

// proc is one running worker.
type proc struct {
	cmd    *exec.Cmd
	in     *os.File // our end of the worker's stdin
	outF   *os.File // our end of the worker's stdout
	out    *bufio.Reader
	stderr *headBuffer
	exited chan struct{}
	err    error // from Wait, valid once exited is closed
	limits Limits
}

func startProc(exe string, args []string, p *plan) (*proc, error) {
	lim := p.limits
	argv := append(append([]string(nil), args...),
		"-memory="+strconv.FormatInt(max(lim.Memory, 0), 10), "-stack="+strconv.Itoa(max(lim.Stack, 0)),
		"-max-request="+strconv.Itoa(p.maxRequest))
	cmd := exec.Command(exe, argv...)
	cmd.Env = p.env
	// Our own pipes (not StdinPipe/StdoutPipe): Wait, which runs as soon as
	// the worker exits, must not close the reader under an answer that is
	// still buffered in the pipe.
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("cannot start analysis worker: %w", err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, fmt.Errorf("cannot start analysis worker: %w", err)
	}
	w := &proc{cmd: cmd, in: inW, outF: outR, out: bufio.NewReaderSize(outR, 1<<16),
		stderr: &headBuffer{max: 16 << 10}, exited: make(chan struct{}), limits: lim}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, w.stderr
	cmd.WaitDelay = 2 * time.Second
	err = cmd.Start()
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, fmt.Errorf("cannot start analysis worker: %w", err)
	}
	go func() {
		w.err = cmd.Wait()
		close(w.exited)
	}()
	return w, nil
}

// roundTrip sends one request and reads one answer, within timeout and ctx.
// Any failure kills the worker and is described from its exit status and
// the first lines of its stderr.
func (w *proc) roundTrip(ctx context.Context, req []byte, timeout time.Duration) ([]byte, error) {
	type result struct {
		b   []byte
		err error
	}
	ch := make(chan result, 1)
	go func() {
		if _, err := w.in.Write(req); err != nil {
			ch <- result{nil, fmt.Errorf("writing request: %w", err)}
			return
		}
		b, err := readFrame(w.out, maxResponse)
		ch <- result{b, err}
	}()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case r := <-ch:
		if r.err == nil {
			return r.b, nil
		}
		return nil, w.failure(r.err)
	case <-timer.C:
		w.kill()
		<-ch
		return nil, fmt.Errorf("analysis worker timed out after %s and was killed", timeout)
	case <-ctx.Done():
		w.kill()
		<-ch
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return nil, errors.New("analysis worker killed: the scan's deadline passed")
		}
		return nil, fmt.Errorf("analysis cancelled: %v", ctx.Err())
	}
}

// kill stops the worker and releases our pipe ends (which unblocks a
// pending read or write).
func (w *proc) kill() {
	if w.cmd.Process != nil {
		w.cmd.Process.Kill()
	}
	select {
	case <-w.exited:
	case <-time.After(5 * time.Second):
	}
	w.in.Close()
	w.outF.Close()
}

// close ends a worker that is not in a request: EOF on its stdin makes it
// exit; it is killed if it does not.
func (w *proc) close() {
	w.in.Close()
	select {
	case <-w.exited:
	case <-time.After(2 * time.Second):
	}
	w.kill()
}

// failure describes why a worker did not answer.
func (w *proc) failure(ioErr error) error {
	if errors.Is(ioErr, errFrameTooLarge) {
		w.kill()
		return fmt.Errorf("analysis worker sent a response over %d bytes", maxResponse)
	}
	// The worker broke the protocol or died: let it finish dying, so that
	// its exit status and stderr say why.
	select {
	case <-w.exited:
	case <-time.After(5 * time.Second):
	}
	w.kill()
	detail := fatalLine(w.stderr.String())
	var werr error
	select {
	case <-w.exited:
		werr = w.err
	default:
		werr = errors.New("did not exit")
	}
	var status string
	var ee *exec.ExitError
	switch {
	case werr == nil:
		status = "exit status 0"
	case errors.As(werr, &ee):
		status = ee.String()
	default:
		status = werr.Error()
	}
	msg := "analysis worker crashed"
	if werr == nil {
		msg = "analysis worker exited without a complete answer"
	}
	if detail != "" {
		msg += ": " + detail
	} else if werr == nil {
		msg += ": " + ioErr.Error()
	}
	msg += " (" + status + ")"
	if strings.Contains(detail, "out of memory") && w.limits.Memory > 0 {
		msg += fmt.Sprintf("; memory limit %d MiB", w.limits.Memory>>20)
	}
	if strings.Contains(detail, "stack overflow") && w.limits.Stack > 0 {
		msg += fmt.Sprintf("; stack limit %d MiB", w.limits.Stack>>20)
	}
	return errors.New(msg)
}

// fatalLine picks the line of a dying Go program's stderr that says why:
// "fatal error: …" (stack overflow, out of memory), else "panic: …", else
// the first non-empty line.
func fatalLine(s string) string {
	var first, panicLine string
	for _, l := range strings.Split(s, "\n") {
		l = strings.TrimSpace(l)
		switch {
		case l == "":
			continue
		case strings.HasPrefix(l, "fatal error:"):
			return clip(l)
		case panicLine == "" && strings.HasPrefix(l, "panic:"):
			panicLine = l
		case first == "":
			first = l
		}
	}
	if panicLine != "" {
		return clip(panicLine)
	}
	return clip(first)
}

func clip(s string) string {
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}

// headBuffer keeps the first max bytes written to it (a dying Go program
// says why first; the goroutine dump follows).
type headBuffer struct {
	mu  sync.Mutex
	max int
	b   []byte
}

func (h *headBuffer) Write(p []byte) (int, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if room := h.max - len(h.b); room > 0 {
		h.b = append(h.b, p[:min(room, len(p))]...)
	}
	return len(p), nil
}

func (h *headBuffer) String() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return string(h.b)
}
