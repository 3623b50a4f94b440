package isolate

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"runtime/debug"
	"sort"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/config"
	"github.com/skillvet/skillvet/rules"
	"github.com/skillvet/skillvet/skill"
)

// WorkerCommand is the hidden skillvet subcommand that runs Serve.
const WorkerCommand = "__analyze-worker"

// extraRules are added to the worker's catalogue (and to the parent's view
// of it). Only this package's tests set it, in TestMain, identically in the
// parent and in the re-executed worker.
var extraRules []*analyzer.Rule

// catalogue maps the rule IDs a worker can run to the rules.
func catalogue() map[string]*analyzer.Rule {
	m := map[string]*analyzer.Rule{}
	for _, r := range rules.All() {
		m[r.ID] = r
	}
	for _, r := range extraRules {
		m[r.ID] = r
	}
	return m
}

// WorkerMain is the worker's entry point: it parses the limit flags the
// parent appends (-memory, -stack), applies the limits to this process and
// serves requests from stdin until EOF. It returns the exit code.
func WorkerMain(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet(WorkerCommand, flag.ContinueOnError)
	fs.SetOutput(stderr)
	mem := fs.Int64("memory", DefaultMemory, "memory limit in bytes (RLIMIT_DATA, and a soft GC limit below it)")
	stack := fs.Int("stack", DefaultStack, "maximum goroutine stack in bytes")
	maxReq := fs.Int("max-request", maxRequestFor(skill.Limits{}), "largest request frame in bytes")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "%s: unexpected arguments %q\n", WorkerCommand, fs.Args())
		return 2
	}
	if err := applyLimits(*mem, *stack); err != nil {
		// Fail closed: a worker that cannot limit itself does not analyse.
		fmt.Fprintf(stderr, "%s: cannot apply limits: %v\n", WorkerCommand, err)
		return 2
	}
	return serve(stdin, stdout, stderr, *maxReq)
}

// applyLimits caps this process. debug.SetMaxStack makes unbounded
// recursion die quickly with "fatal error: stack overflow" instead of
// growing a stack towards 1 GB; the soft memory limit makes the GC work
// harder before the hard rlimit turns a runaway allocation into "fatal
// error: out of memory".
func applyLimits(mem int64, stack int) error {
	if stack > 0 {
		debug.SetMaxStack(stack)
	}
	if mem > 0 {
		debug.SetMemoryLimit(mem / 4 * 3)
		return setMemoryRlimit(uint64(mem))
	}
	return nil
}

// serve answers requests read from in until EOF. Each request is one skill;
// the answer is its findings. A malformed or oversized frame ends the
// worker with exit code 2 (the parent fails that analysis closed).
func serve(in io.Reader, out, stderr io.Writer, max int) int {
	br := bufio.NewReaderSize(in, 1<<16)
	bw := bufio.NewWriterSize(out, 1<<16)
	h := &handler{cat: catalogue()}
	for {
		line, err := readFrame(br, max)
		if err == io.EOF {
			return 0
		}
		if err != nil {
			fmt.Fprintf(stderr, "%s: reading request: %v\n", WorkerCommand, err)
			return 2
		}
		var req request
		if err := json.Unmarshal(line, &req); err != nil {
			fmt.Fprintf(stderr, "%s: decoding request: %v\n", WorkerCommand, err)
			return 2
		}
		line = nil
		resp := h.handle(&req)
		if err := writeFrame(bw, resp); err == nil {
			err = bw.Flush()
		}
		if err != nil {
			fmt.Fprintf(stderr, "%s: writing response: %v\n", WorkerCommand, err)
			return 2
		}
	}
}

type handler struct {
	cat map[string]*analyzer.Rule
	// The engine of the last request, reused while the rule selection and
	// options stay the same (a pooled worker serves a whole load).
	key string
	eng *analyzer.Engine
}

func (h *handler) handle(req *request) response {
	resp := response{V: protocolVersion, Hash: req.Hash, Findings: []wireFinding{}, Errors: []string{}}
	if req.V != protocolVersion {
		resp.Err = fmt.Sprintf("protocol version %d, this worker speaks %d (is the worker a different skillvet release?)", req.V, protocolVersion)
		return resp
	}
	s, err := rebuild(req)
	if err != nil {
		resp.Err = err.Error()
		return resp
	}
	eng, err := h.engine(req)
	if err != nil {
		resp.Err = err.Error()
		return resp
	}
	res := eng.Analyze(context.Background(), s)
	for _, f := range res.Findings {
		resp.Findings = append(resp.Findings, toWire(f))
	}
	resp.Errors = append(resp.Errors, res.Errors...)
	resp.Caps = res.Capabilities
	return resp
}

// rebuild makes the skill from the request's bytes and checks that its
// hash is the parent's: the worker analyses exactly what was hashed.
func rebuild(req *request) (*skill.Skill, error) {
	files := make(map[string][]byte, len(req.Files))
	for _, f := range req.Files {
		if _, dup := files[f.Path]; dup {
			return nil, fmt.Errorf("duplicate file %q in request", f.Path)
		}
		files[f.Path] = f.Content
	}
	s := skill.New(req.Dir, files)
	for _, wf := range req.Files {
		f := s.File(wf.Path)
		if f.Kind != wf.Kind {
			return nil, fmt.Errorf("file %s classified as %s in the worker but %s in the parent", wf.Path, f.Kind, wf.Kind)
		}
		// Size and Note are what the parent's Load saw (a UTF-16 file
		// arrives already converted to UTF-8).
		f.Size, f.Note = wf.Size, wf.Note
	}
	s.Dir, s.DirName, s.Name = req.Dir, req.DirName, req.Name
	s.Problems = append([]skill.Problem(nil), req.Problems...)
	if h := s.ComputeHash(); h != req.Hash {
		return nil, fmt.Errorf("rebuilt skill hash %s does not match the parent's %s", h, req.Hash)
	}
	s.Hash = req.Hash
	return s, nil
}

func (h *handler) engine(req *request) (*analyzer.Engine, error) {
	kb, err := json.Marshal(struct {
		R []string
		C []config.CustomRule
		E analyzer.Options
	}{req.Rules, req.Custom, req.Engine})
	if err != nil {
		return nil, err
	}
	if key := string(kb); key == h.key && h.eng != nil {
		return h.eng, nil
	}
	var set []*analyzer.Rule
	var unknown []string
	for _, id := range req.Rules {
		r := h.cat[id]
		if r == nil {
			unknown = append(unknown, id)
			continue
		}
		set = append(set, r)
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return nil, fmt.Errorf("unknown rule(s) %s (is the worker a different skillvet release?)", strings.Join(unknown, ", "))
	}
	if len(req.Custom) > 0 {
		custom, err := (&config.Config{CustomRules: req.Custom}).BuildCustomRules()
		if err != nil {
			return nil, err
		}
		set = append(set, custom...)
	}
	eng, err := analyzer.New(set, req.Engine)
	if err != nil {
		return nil, err
	}
	h.key, h.eng = string(kb), eng
	return eng, nil
}
