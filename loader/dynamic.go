package loader

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
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
// command sees by default.
var DefaultCommandEnv = []string{"PATH", "HOME", "LANG", "LC_ALL", "TZ"}

// DynamicOptions enable dynamic context: `!command` lines, !`command`
// inline and ```! blocks are run when rendering and replaced by their
// output. A command runs only if it starts with an allowed prefix (whole
// words: "git status" allows "git status --short", not "git statusx"); it
// is split into argv and run without a shell, so shell metacharacters
// (| ; & $ > < ` and backslash), newlines and NUL are refused, as is a
// program given as a path. It runs in the skill directory with a timeout,
// an output cap and only the allowlisted environment variables.
type DynamicOptions struct {
	Allow     []string            // allowed command prefixes
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
	for _, p := range d.Allow {
		pf := strings.Fields(p)
		if len(pf) == 0 || len(pf) > len(argv) {
			continue
		}
		ok := true
		for i := range pf {
			if pf[i] != argv[i] {
				ok = false
				break
			}
		}
		if ok {
			return argv, nil
		}
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

// run executes one command for Render. It returns the text that replaces
// the command and whether it ran.
func (d *DynamicOptions) run(ctx context.Context, dir string, rep *CommandReport) (string, bool) {
	cmdText := rep.Command
	if rep.Kind == "command-block" {
		cmdText = strings.TrimSpace(cmdText)
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
	env := []string{}
	for _, n := range names {
		if v := getenv(n); v != "" {
			env = append(env, n+"="+v)
		}
	}
	cctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	c := exec.CommandContext(cctx, argv[0], argv[1:]...)
	c.Dir, c.Env = dir, env
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
