package loader

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"
)

// Dynamic-context defaults.
const (
	DefaultCommandTimeout = 30 * time.Second
	DefaultMaxOutput      = 64 << 10
)

// DefaultCommandEnv are the environment variables a dynamic-context
// command sees by default (from the operator's environment). HOME, TMPDIR
// and the variables that keep git and Python away from configuration are
// always set by the loader (see DynamicOptions).
var DefaultCommandEnv = []string{"PATH", "LANG", "LC_ALL", "TZ"}

// DynamicOptions enable dynamic context: `!command` lines, !`command`
// inline and ```! blocks are run when rendering and replaced by their
// output.
//
// A command runs only if its whole argv matches an entry of Allow (see
// ParseAllowEntry for the syntax: literal words, then the options and
// argument shapes the entry allows; anything else is refused with the
// reason). It is split into argv and run without a shell, so shell
// metacharacters (| ; & $ > < ` and backslash), newlines and NUL are
// refused, as is a program given as a path.
//
// It runs with a timeout and an output cap, in a fresh empty working
// directory (removed afterwards; never the skill directory, whose files
// would otherwise be the command's world: a .git/config, a Python package
// named like a standard module), with the allowlisted environment
// variables plus: HOME and TMPDIR set to that empty directory; git told to
// read no system, global or repository configuration above it
// (GIT_CONFIG_NOSYSTEM, GIT_CONFIG_GLOBAL=/dev/null,
// GIT_CEILING_DIRECTORIES) and to run no fsmonitor, hook, pager or network
// protocol; Python in isolated mode (-I is added after the interpreter's
// name, and PYTHONSAFEPATH, PYTHONNOUSERSITE are set).
type DynamicOptions struct {
	Allow     []string            // allowlist entries (ParseAllowEntry)
	Timeout   time.Duration       // per command; 0 means DefaultCommandTimeout
	MaxOutput int                 // bytes of stdout kept; 0 means DefaultMaxOutput
	Env       []string            // variables passed through; nil means DefaultCommandEnv
	Getenv    func(string) string // nil means os.Getenv
}

const shellMeta = "|;&$><`\\\n\r\x00"

// Check says why cmd would be refused, or returns its argv.
func (d *DynamicOptions) Check(cmd string) ([]string, error) {
	if i := strings.IndexAny(cmd, shellMeta); i >= 0 {
		return nil, fmt.Errorf("shell metacharacter %q is not allowed (commands run without a shell)", cmd[i])
	}
	argv, err := splitArgv(cmd)
	if err != nil {
		return nil, err
	}
	if len(argv) == 0 {
		return nil, errors.New("empty command")
	}
	if strings.ContainsAny(argv[0], `/\`) {
		return nil, errors.New("the program must be a name looked up on PATH, not a path")
	}
	var why *mismatch
	for _, a := range d.Allow {
		ent, err := ParseAllowEntry(a)
		if err != nil {
			continue // never matches (Validate refuses it)
		}
		err = ent.Match(argv)
		if err == nil {
			return argv, nil
		}
		// The entry that matched the most command words says why.
		var m *mismatch
		if errors.As(err, &m) && (why == nil || m.depth > why.depth) {
			why = m
		}
	}
	if why != nil {
		return nil, why.err
	}
	return nil, errors.New("not in the command allowlist")
}

// splitArgv splits on blanks, honouring '…' and "…" quoting (no escapes).
func splitArgv(s string) ([]string, error) {
	var out []string
	var cur strings.Builder
	in := false
	var quote rune
	for _, c := range s {
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			} else {
				cur.WriteRune(c)
			}
		case c == '\'' || c == '"':
			quote, in = c, true
		case c == ' ' || c == '\t':
			if in {
				out = append(out, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteRune(c)
			in = true
		}
	}
	if quote != 0 {
		return nil, errors.New("unterminated quote")
	}
	if in {
		out = append(out, cur.String())
	}
	return out, nil
}

// commandEnv is the environment of a command run in the empty directory
// work: the operator's variables named in names, then the fixed ones, which
// win.
func commandEnv(names []string, getenv func(string) string, work string) []string {
	fixed := [][2]string{
		{"HOME", work}, {"TMPDIR", work}, {"XDG_CONFIG_HOME", filepath.Join(work, ".config")},
		// git: no system, global or XDG configuration, no repository
		// discovery above the empty directory, and whatever repository a
		// command might still reach gets no fsmonitor, hooks, pager, prompt
		// or network transport.
		{"GIT_CONFIG_NOSYSTEM", "1"}, {"GIT_CONFIG_SYSTEM", os.DevNull}, {"GIT_CONFIG_GLOBAL", os.DevNull},
		{"GIT_CEILING_DIRECTORIES", filepath.Dir(work)}, {"GIT_ATTR_NOSYSTEM", "1"},
		{"GIT_TERMINAL_PROMPT", "0"}, {"GIT_OPTIONAL_LOCKS", "0"}, {"GIT_PAGER", "cat"}, {"PAGER", "cat"},
		{"GIT_NO_REPLACE_OBJECTS", "1"}, {"GIT_PROTOCOL_FROM_USER", "0"},
		{"GIT_CONFIG_COUNT", "4"},
		{"GIT_CONFIG_KEY_0", "core.fsmonitor"}, {"GIT_CONFIG_VALUE_0", "false"},
		{"GIT_CONFIG_KEY_1", "core.hooksPath"}, {"GIT_CONFIG_VALUE_1", os.DevNull},
		{"GIT_CONFIG_KEY_2", "core.pager"}, {"GIT_CONFIG_VALUE_2", "cat"},
		{"GIT_CONFIG_KEY_3", "protocol.allow"}, {"GIT_CONFIG_VALUE_3", "never"},
		// Python: isolated mode (with -I), no user site, no script or
		// working directory on sys.path, no bytecode written.
		{"PYTHONSAFEPATH", "1"}, {"PYTHONNOUSERSITE", "1"}, {"PYTHONDONTWRITEBYTECODE", "1"},
	}
	isFixed := map[string]bool{}
	for _, kv := range fixed {
		isFixed[kv[0]] = true
	}
	env := []string{}
	for _, n := range names {
		if isFixed[n] || checkEnvName(n) != nil {
			continue // Validate refuses these before anything runs
		}
		if v := getenv(n); v != "" {
			env = append(env, n+"="+v)
		}
	}
	for _, kv := range fixed {
		env = append(env, kv[0]+"="+kv[1])
	}
	return env
}

var pythonRx = regexp.MustCompile(`^python[0-9.]*$`)

func isPython(prog string) bool { return pythonRx.MatchString(prog) }

// run executes one command for Render. It returns the text that replaces
// the command and whether it ran.
func (d *DynamicOptions) run(ctx context.Context, rep *CommandReport) (string, bool) {
	cmdText := rep.Command
	if rep.Kind == "command-block" {
		cmdText = strings.TrimSpace(cmdText)
	}
	if err := d.Validate(); err != nil {
		rep.Refused = err.Error()
		return "", false
	}
	argv, err := d.Check(cmdText)
	if err != nil {
		rep.Refused = err.Error()
		return "", false
	}
	timeout, max := d.Timeout, d.MaxOutput
	if timeout <= 0 {
		timeout = DefaultCommandTimeout
	}
	if max <= 0 {
		max = DefaultMaxOutput
	}
	getenv := d.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	names := d.Env
	if names == nil {
		names = DefaultCommandEnv
	}
	work, err := os.MkdirTemp("", "skillvet-context-")
	if err != nil {
		rep.Refused = "cannot create an empty working directory: " + err.Error()
		return "", false
	}
	defer os.RemoveAll(work)
	env := commandEnv(names, getenv, work)
	if isPython(argv[0]) {
		argv = append([]string{argv[0], "-I"}, argv[1:]...)
	}
	cctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	c := exec.CommandContext(cctx, argv[0], argv[1:]...)
	c.Dir, c.Env = work, env
	c.WaitDelay = time.Second
	stdout := &capWriter{max: max, onFull: cancel}
	stderr := &capWriter{max: 512}
	c.Stdout, c.Stderr = stdout, stderr
	rep.Ran = true
	err = c.Run()
	out, full := stdout.result()
	rep.Truncated = full
	switch {
	case full:
		rep.Err = fmt.Sprintf("output over %d bytes: command stopped, output truncated", max)
	case errors.Is(cctx.Err(), context.DeadlineExceeded):
		rep.Err = fmt.Sprintf("timed out after %s", timeout)
	case err != nil:
		msg := err.Error()
		if se, _ := stderr.result(); len(se) > 0 {
			msg += ": " + stripControls(strings.TrimSpace(string(se)))
		}
		rep.Err = msg
	}
	s := string(out)
	if rep.Kind == "inline-command" {
		s = strings.TrimRight(s, "\r\n")
	} else {
		s = strings.TrimSuffix(strings.TrimSuffix(s, "\n"), "\r")
	}
	return s, true
}

// capWriter keeps the first max bytes and calls onFull once when more
// arrive.
type capWriter struct {
	mu     sync.Mutex
	max    int
	buf    bytes.Buffer
	full   bool
	onFull func()
}

func (w *capWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if room := w.max - w.buf.Len(); len(p) > room {
		w.buf.Write(p[:max(room, 0)])
		if !w.full {
			w.full = true
			if w.onFull != nil {
				w.onFull()
			}
		}
		return len(p), nil
	}
	w.buf.Write(p)
	return len(p), nil
}

func (w *capWriter) result() ([]byte, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]byte(nil), w.buf.Bytes()...), w.full
}
