package loader

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/config"
	"github.com/skillvet/skillvet/isolate"
	"github.com/skillvet/skillvet/provenance"
	"github.com/skillvet/skillvet/rules"
	"github.com/skillvet/skillvet/skill"
)

// GateOptions configure a Gate.
type GateOptions struct {
	// Rules is the rule set; nil means rules.All(). The engine's own
	// fail-closed checks (unreadable content, failed analysis) run whatever
	// the set.
	Rules []*analyzer.Rule
	// Threshold is the lowest severity that keeps a skill out; zero means
	// high. (A gate that never blocks on findings is not offered.)
	Threshold analyzer.Severity
	// Jobs bounds files analysed in parallel; 0 means the number of CPUs.
	Jobs int
	// FileTimeout bounds the analysis of one file (0: 30 s); ScanTimeout
	// bounds the whole scan of one skill (0: 2 min). Either running out
	// keeps the skill out.
	FileTimeout time.Duration
	ScanTimeout time.Duration
	// Limits bound what is read of one skill; zero means skill.DefaultLimits.
	Limits skill.Limits
	// Approvals admit specific skill versions whatever their findings.
	Approvals []Approval
	// Severity overrides rules' severities by ID; AllowedHosts are hosts
	// network rules trust.
	Severity     map[string]analyzer.Severity
	AllowedHosts []string

	// Isolate analyses each skill in a worker process (package isolate), so
	// that a parser failure Go cannot recover from (stack overflow, out of
	// memory) kills the worker, not this process; the skill then fails
	// closed. Caching by content hash is unchanged.
	Isolate bool
	// WorkerCommand is the worker's argv; nil means this program
	// (os.Executable) with the hidden "__analyze-worker" subcommand, which
	// only the skillvet binary has. Other programs point it at an installed
	// skillvet: []string{"/usr/local/bin/skillvet", "__analyze-worker"}.
	WorkerCommand []string
	// WorkerLimits bound each worker (zero values: isolate's defaults; the
	// wall clock is also bounded by ScanTimeout).
	WorkerLimits isolate.Limits
	// WorkerProcesses bounds concurrent workers; 0 means min(Jobs, 4).
	// Workers are reused from skill to skill until one fails.
	WorkerProcesses int
	// CustomRules are the .skillvet.yaml specifications of the custom
	// rules in Rules: with Isolate they run in the worker. Any other rule
	// the worker does not know (a Go rule of the embedder) runs in this
	// process.
	CustomRules []config.CustomRule

	// Verifier checks skill signatures (skill.oms.sig) against trust
	// anchors; nil is a verifier without anchors (a signed skill is then
	// "unchecked"). Policy says which skills must (require) or should
	// (prefer) be verified; nil is off for every skill. A skill a require
	// rule applies to is refused unless it verifies, whatever its scan and
	// approvals.
	Verifier *provenance.Verifier
	Policy   *provenance.Policy
	// Lock, when non-nil, admits only the skill versions it records
	// (gate.locked): any other version is refused as "not in skills.lock",
	// with what the update changes in the skill's capabilities.
	Lock *provenance.Lock
}

// Approval admits one exact skill version (its content hash, which covers
// every file) whatever its findings. A later change to any file changes the
// hash, so the new version is gated again. Name is informative only.
type Approval struct {
	Hash   string `json:"hash"`
	Reason string `json:"reason"`
	Name   string `json:"name,omitempty"`
}

// Gate decides whether a loaded skill may be served: it parses and
// validates, scans with the analyzer engine and caches scan results by
// content hash. It is safe for concurrent use.
type Gate struct {
	engine      *analyzer.Engine
	pool        *isolate.Pool // with GateOptions.Isolate
	threshold   analyzer.Severity
	scanTimeout time.Duration
	limits      skill.Limits

	titles map[string]string // rule ID -> title, for model-facing refusals

	verifier *provenance.Verifier
	policy   *provenance.Policy
	lock     *provenance.Lock

	mu        sync.Mutex
	cache     map[string]cacheEntry
	approvals map[string]Approval
	scans     atomic.Int64
}

// NewGate builds a gate.
func NewGate(o GateOptions) (*Gate, error) {
	set := o.Rules
	if set == nil {
		set = rules.All()
	}
	if o.Threshold == analyzer.SevNone {
		o.Threshold = analyzer.High
	}
	if o.ScanTimeout <= 0 {
		o.ScanTimeout = 2 * time.Minute
	}
	// Inline suppressions stay off: in a skill being gated, the attacker
	// writes them.
	eng, err := analyzer.New(set, analyzer.Options{Jobs: o.Jobs, FileTimeout: o.FileTimeout, Limits: o.Limits,
		Severity: o.Severity, Config: analyzer.RuleConfig{AllowedHosts: o.AllowedHosts}})
	if err != nil {
		return nil, err
	}
	g := &Gate{engine: eng, threshold: o.Threshold, scanTimeout: o.ScanTimeout, titles: RuleTitles(set),
		limits: eng.Options().Limits, cache: map[string]cacheEntry{}, approvals: map[string]Approval{},
		verifier: o.Verifier, policy: o.Policy, lock: o.Lock}
	if g.verifier == nil {
		g.verifier, _ = provenance.NewVerifier(nil)
	}
	for _, r := range o.Policy.List() {
		if r.Anchor != "" && !g.verifier.Has(r.Anchor) {
			return nil, fmt.Errorf("provenance policy %s names trust anchor %q, which the verifier does not have", r, r.Anchor)
		}
	}
	if o.Isolate {
		if g.pool, err = newWorkerPool(o, set, eng.Options()); err != nil {
			return nil, err
		}
	}
	for _, a := range o.Approvals {
		if err := g.Approve(a); err != nil {
			return nil, err
		}
	}
	return g, nil
}

func newWorkerPool(o GateOptions, set []*analyzer.Rule, eo analyzer.Options) (*isolate.Pool, error) {
	var exe string
	var args []string
	if len(o.WorkerCommand) > 0 {
		exe, args = o.WorkerCommand[0], o.WorkerCommand[1:]
	} else {
		var err error
		if exe, args, err = isolate.DefaultCommand(); err != nil {
			return nil, err
		}
	}
	n := o.WorkerProcesses
	if n <= 0 {
		n = min(eo.Jobs, 4)
	}
	return isolate.NewPool(exe, args, isolate.Config{Rules: set, CustomRules: o.CustomRules, Engine: eo,
		Limits: o.WorkerLimits}, n)
}

// Close stops the gate's idle analysis workers (with Isolate); a gate
// without workers has nothing to stop. After Close, a scan that needs a
// worker fails closed (cached results are still served).
func (g *Gate) Close() error {
	if g.pool != nil {
		return g.pool.Close()
	}
	return nil
}

// Scan analyses s with the gate's rule set the way Check does (in a worker
// process when the gate is isolated; cached by content hash), without
// validating or deciding. The result is never nil.
func (g *Gate) Scan(ctx context.Context, s *skill.Skill) (*analyzer.Result, error) {
	res, _, err := g.scan(ctx, s)
	return res, err
}

// Limits are the read limits the gate loads skills with.
func (g *Gate) Limits() skill.Limits { return g.limits }

// Isolated reports whether the gate analyses in worker processes.
func (g *Gate) Isolated() bool { return g.pool != nil }

var hashRx = regexp.MustCompile(`^[0-9a-f]{64}$`)

// Approve admits the skill version with content hash a.Hash (the "hash"
// that list, info and scan --format json print). A reason is required.
func (g *Gate) Approve(a Approval) error {
	a.Hash = strings.TrimPrefix(strings.ToLower(strings.TrimSpace(a.Hash)), "sha256:")
	if !hashRx.MatchString(a.Hash) {
		return fmt.Errorf("approval %q: a skill is approved by its 64-hex-digit content hash, never by name", a.Hash)
	}
	if strings.TrimSpace(a.Reason) == "" {
		return fmt.Errorf("approval %s: a reason is required", a.Hash)
	}
	g.mu.Lock()
	g.approvals[a.Hash] = a
	g.mu.Unlock()
	return nil
}

// Revoke withdraws the approval of hash; the next Load gates that version
// normally again.
func (g *Gate) Revoke(hash string) {
	hash = strings.TrimPrefix(strings.ToLower(strings.TrimSpace(hash)), "sha256:")
	g.mu.Lock()
	delete(g.approvals, hash)
	g.mu.Unlock()
}

// RuleTitles maps the rule IDs of set, and of the engine's own rules, to
// their titles: fixed text written by the rule's author, never by a skill.
func RuleTitles(set []*analyzer.Rule) map[string]string {
	out := map[string]string{}
	for _, r := range append(analyzer.BuiltinRules(), set...) {
		out[r.ID] = r.Title
	}
	return out
}

// RuleTitle is the title of the gate's rule id ("" when unknown).
func (g *Gate) RuleTitle(id string) string { return g.titles[id] }

// Threshold is the lowest severity that keeps a skill out.
func (g *Gate) Threshold() analyzer.Severity { return g.threshold }

// Scans counts the scans the gate actually ran (cache misses).
func (g *Gate) Scans() int64 { return g.scans.Load() }

// Retain drops cached results whose hash is not in keep.
func (g *Gate) Retain(keep map[string]bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	for h := range g.cache {
		if !keep[h] {
			delete(g.cache, h)
		}
	}
}

// Decision is the gate's outcome for one skill.
type Decision struct {
	Admitted bool
	Verdict  analyzer.Verdict
	// Reason says why the skill was refused, or that it was admitted by
	// approval or with warnings. It may quote the skill (file names, rule
	// messages): for people. Code is the model-safe summary.
	Reason string
	Code   Code
	// Blocking are the findings that kept the skill out: unsuppressed
	// findings at or above the threshold, and content not analysed.
	Blocking []analyzer.Finding
	// Result is the full scan (nil when the skill did not parse).
	Result   *analyzer.Result
	Approved *Approval
	Cached   bool
	// Provenance is the skill's signature check under the policy rule that
	// applied (nil when nothing was checked: policy off, no signature
	// file, no lock).
	Provenance *provenance.Check
	// Warnings are reasons to worry that do not keep the skill out (a
	// signature the policy prefers and the skill lacks).
	Warnings []string
}

// Check is CheckFrom for a skill of no particular source.
func (g *Gate) Check(ctx context.Context, s *skill.Skill) *Decision {
	return g.CheckFrom(ctx, s, Origin{})
}

// CheckFrom parses, validates and scans s, and checks its provenance as
// the policy for its origin asks. Anything that goes wrong keeps the skill
// out: an invalid manifest, unreadable content, a scan error or timeout,
// an incomplete result, or a finding at or above the threshold (unless
// this exact version is approved); and, whatever the scan and approvals
// say, a signature a require rule asks for that does not verify, and with
// a lock a version it does not record.
func (g *Gate) CheckFrom(ctx context.Context, s *skill.Skill, o Origin) *Decision {
	d := g.check(ctx, s)
	if s != nil && d.Code != CodeGitMetadata {
		d.Provenance = g.checkProvenance(d, s, o)
	}
	return d
}

func (g *Gate) check(ctx context.Context, s *skill.Skill) *Decision {
	d := &Decision{Verdict: analyzer.VerdictBlock}
	if s == nil {
		d.Reason, d.Code = "no skill", CodeNoSkill
		return d
	}
	code, why := treeRefusal(s)
	if code == CodeGitMetadata {
		// Refused whatever the scan says, and scanning a repository's
		// objects (opaque binaries, up to the limits) would say nothing.
		d.Reason, d.Code = why, code
		return d
	}
	// Scan even an invalid skill, so that a refusal lists what is wrong.
	res, cached, err := g.scan(ctx, s)
	d.Result, d.Cached = res, cached
	if res != nil {
		d.Blocking = g.blocking(res)
	}
	if code != CodeNone {
		d.Reason, d.Code = why, code
		return d
	}
	if verr := Validate(s); verr != nil {
		d.Reason, d.Code = "invalid: "+verr.Error(), CodeInvalid
		if len(s.Problems) > 0 {
			d.Code = CodeNotAnalysed
		}
		return d
	}
	if err != nil {
		d.Reason, d.Code = "scan failed: "+err.Error(), CodeScanFailed
		return d
	}
	d.Verdict = res.Verdict(g.threshold)
	d.Blocking = g.blocking(res)
	g.mu.Lock()
	a, approved := g.approvals[s.Hash]
	g.mu.Unlock()
	switch {
	case approved && notRead(res):
		// The hash cannot vouch for bytes that were never read or analysed.
		d.Reason = "approval does not cover content that was not read or analysed: " + blockReason(res, d.Blocking, g.threshold)
		d.Code = CodeApprovedDirty
	case approved:
		d.Admitted, d.Approved = true, &a
		d.Reason = "approved by hash: " + a.Reason
	case d.Verdict == analyzer.VerdictBlock:
		d.Reason = blockReason(res, d.Blocking, g.threshold)
		d.Code = CodeFindings
		if notRead(res) {
			d.Code = CodeNotAnalysed
		}
	default:
		d.Admitted = true
	}
	return d
}

func (g *Gate) scan(ctx context.Context, s *skill.Skill) (*analyzer.Result, bool, error) {
	g.mu.Lock()
	c, ok := g.cache[s.Hash]
	g.mu.Unlock()
	if ok {
		return rebase(c.res, s), true, c.err
	}
	sctx, cancel := context.WithTimeout(ctx, g.scanTimeout)
	defer cancel()
	g.scans.Add(1)
	var res *analyzer.Result
	if g.pool != nil {
		// Never nil; a worker failure is a fail-closed result with the
		// reason in Errors (not cached, like a rule crash, unless the scan
		// timed out).
		res, _ = g.pool.Analyze(sctx, s)
	} else {
		res = g.engine.Analyze(sctx, s)
	}
	if err := ctx.Err(); err != nil {
		return res, false, err // the load was cancelled: do not cache
	}
	var err error
	if sctx.Err() != nil {
		err = fmt.Errorf("scan timed out after %s", g.scanTimeout)
	}
	// Timeouts are cached with the content, as the engine treats per-file
	// timeouts: a skill that makes the scanner slow is not scanned again
	// (leaving another stuck rule behind) on every reload. Rule errors and
	// panics are internal failures and are retried on the next load.
	if err != nil || len(res.Errors) == 0 {
		g.mu.Lock()
		g.cache[s.Hash] = cacheEntry{res, err}
		g.mu.Unlock()
	}
	return res, false, err
}

type cacheEntry struct {
	res *analyzer.Result
	err error
}

// rebase returns a cached result for a skill with the same content at
// (possibly) another directory: the served skill is s, and display paths
// follow it.
func rebase(res *analyzer.Result, s *skill.Skill) *analyzer.Result {
	if res.Skill == s || res.Skill.Dir == s.Dir {
		return res // same content (same hash) at the same place
	}
	out := &analyzer.Result{Skill: s, Dir: s.Dir, Errors: res.Errors,
		Findings: append([]analyzer.Finding(nil), res.Findings...), Capabilities: res.Capabilities}
	for i := range out.Findings {
		out.Findings[i].File = filepath.ToSlash(filepath.Join(s.Dir, filepath.FromSlash(out.Findings[i].Path)))
	}
	return out
}

// notRead reports content the hash does not cover or the scanner did not
// finish: unreadable files (SV001), failed or timed-out analysis (SV002).
func notRead(res *analyzer.Result) bool {
	if len(res.Errors) > 0 {
		return true
	}
	for _, f := range res.Findings {
		if f.Rule == analyzer.UnreadableContent.ID || f.Rule == analyzer.AnalysisFailed.ID {
			return true
		}
	}
	return false
}

func (g *Gate) blocking(res *analyzer.Result) []analyzer.Finding {
	var out []analyzer.Finding
	for _, f := range res.Findings {
		if f.Suppression == nil && (f.Unanalysed || f.Severity >= g.threshold) {
			out = append(out, f)
		}
	}
	return out
}

func blockReason(res *analyzer.Result, blocking []analyzer.Finding, th analyzer.Severity) string {
	if len(res.Errors) > 0 {
		return "scan incomplete: " + res.Errors[0]
	}
	for _, f := range blocking {
		if f.Unanalysed {
			return fmt.Sprintf("content not analysed: %s %s: %s", f.Rule, f.Path, f.Message)
		}
	}
	if len(blocking) > 0 {
		f := blocking[0]
		more := ""
		if len(blocking) > 1 {
			more = fmt.Sprintf(" (+%d more)", len(blocking)-1)
		}
		return fmt.Sprintf("%d finding(s) at or above %s: %s %s %s:%d: %s%s", len(blocking), th, f.Rule, f.Severity, f.Path, f.Start.Line, f.Message, more)
	}
	return "scan verdict is block"
}

var nameRx = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// Validate checks what the loader needs of a skill before serving it:
// everything was read, SKILL.md has YAML frontmatter that parses, the name
// follows the Agent Skills spec (lower-case letters, digits and single
// hyphens, at most 64 characters; the directory name when absent) and the
// description is present and at most 1024 characters.
func Validate(s *skill.Skill) error {
	if len(s.Problems) > 0 {
		p := s.Problems[0]
		return fmt.Errorf("unreadable content: %s: %s (%s)", p.Path, p.Detail, p.Kind)
	}
	m := s.Manifest
	switch {
	case m == nil || !m.Present:
		return errors.New("SKILL.md has no YAML frontmatter")
	case m.Err != nil:
		return fmt.Errorf("SKILL.md frontmatter: %s", m.Err)
	case m.Root == nil:
		return errors.New("SKILL.md frontmatter is empty")
	}
	if k := m.Get("name"); k != nil && (k.Value == nil || k.Value.Kind != yaml.ScalarNode) {
		return errors.New("name must be a string")
	}
	if len(s.Name) > 64 || !nameRx.MatchString(s.Name) {
		return fmt.Errorf("name %q must be 1-64 lower-case letters, digits and single hyphens", clipName(s.Name))
	}
	k := m.Get("description")
	if k == nil || k.Value == nil || k.Value.Kind != yaml.ScalarNode || strings.TrimSpace(k.Value.Value) == "" {
		return errors.New("description is required")
	}
	if n := utf8.RuneCountInString(k.Value.Value); n > 1024 {
		return fmt.Errorf("description is %d characters, over the limit of 1024", n)
	}
	return nil
}

func clipName(s string) string {
	s = stripControls(s)
	if utf8.RuneCountInString(s) > 80 {
		r := []rune(s)
		return string(r[:80]) + "…"
	}
	return s
}
