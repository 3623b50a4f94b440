package loader

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
)

// AllowEntry is one parsed entry of the dynamic-context command allowlist.
//
// Syntax: words separated by blanks, in this order.
//
//   - Literal words: the program and whatever must follow it, matched
//     exactly and in order ("git log", "python3 -m json.tool").
//   - [option]: an option the command may carry after the literal words,
//     in any order, any number of times. "[--oneline]" and "[-s]" match
//     exactly (short options are not bundled: "-sb" needs its own
//     "[-sb]"); "[--max-count=<int>]" allows the option with a value of
//     that shape, attached with "=".
//   - <shape>: a positional argument, matched in order; a last
//     <shape>... allows any number of them, none included.
//
// Shapes: <int> (1 to 9 decimal digits), <word> (1 to 128 letters, digits
// and . _ + : @ % , = ^ ~ -, not starting with "-": branch names,
// revisions, keys), <path> (a relative slash path of such words, without
// "." or ".." segments), <text> (any argument not starting with "-").
//
// The whole argv must match: anything else refuses the command with the
// reason, e.g. an option the entry does not list ("git log" does not allow
// "git log --output=/x"), an argument of the wrong shape, one argument
// too many, "--". Examples: "git status [-s] [--branch]",
// "git log [--oneline] [--max-count=<int>] <word>...", "date [-u]",
// "python3 -m json.tool".
type AllowEntry struct {
	Text    string
	Command []string          // the literal words
	Flags   map[string]bool   // options without a value
	Valued  map[string]string // option name ("--max-count") -> shape
	Args    []string          // positional shapes
	Repeat  bool              // the last shape repeats
}

var shapes = map[string]*regexp.Regexp{
	"int":  regexp.MustCompile(`^[0-9]{1,9}$`),
	"word": regexp.MustCompile(`^[A-Za-z0-9._+:@%,=^~][A-Za-z0-9._+:@%,=^~-]{0,127}$`),
	"path": regexp.MustCompile(`^[A-Za-z0-9_+:@%,=^~][A-Za-z0-9._+:@%,=^~-]{0,127}(/[A-Za-z0-9._+:@%,=^~-]{1,128})*$`),
	"text": regexp.MustCompile(`^([^-].*)?$`),
}

var shapeRx = regexp.MustCompile(`^<([a-z]+)>(\.\.\.)?$`)

// ParseAllowEntry parses one allowlist entry (see AllowEntry).
func ParseAllowEntry(s string) (*AllowEntry, error) {
	if i := strings.IndexAny(s, "|;&$`\\\n\r\x00'\""); i >= 0 {
		return nil, fmt.Errorf("allowlist entry %q: %q is not allowed", s, s[i])
	}
	words := strings.Fields(s)
	e := &AllowEntry{Text: strings.Join(words, " "), Flags: map[string]bool{}, Valued: map[string]string{}}
	if len(words) == 0 {
		return nil, errors.New("empty allowlist entry")
	}
	if strings.ContainsAny(words[0], `/\`) || strings.HasPrefix(words[0], "-") || strings.HasPrefix(words[0], "<") {
		return nil, fmt.Errorf("allowlist entry %q: must start with a program name (looked up on PATH)", s)
	}
	bad := func(why string) (*AllowEntry, error) { return nil, fmt.Errorf("allowlist entry %q: %s", s, why) }
	literals := true
	for i, w := range words {
		switch {
		case strings.HasPrefix(w, "["):
			literals = false
			opt, ok := strings.CutSuffix(strings.TrimPrefix(w, "["), "]")
			if !ok || !strings.HasPrefix(opt, "-") || opt == "-" || opt == "--" || strings.ContainsAny(opt, "[]") {
				return bad(w + " must be an option in brackets, e.g. [--oneline] or [--max-count=<int>]")
			}
			name, val, valued := strings.Cut(opt, "=")
			if !valued {
				if strings.ContainsAny(opt, "<>") {
					return bad(w + ": an option value needs =, e.g. [--max-count=<int>]")
				}
				e.Flags[opt] = true
				continue
			}
			m := shapeRx.FindStringSubmatch(val)
			if m == nil || m[2] != "" || shapes[m[1]] == nil {
				return bad("option value " + val + " must be one of <int>, <word>, <path>, <text>")
			}
			e.Valued[name] = m[1]
		case strings.HasPrefix(w, "<"):
			literals = false
			m := shapeRx.FindStringSubmatch(w)
			if m == nil || shapes[m[1]] == nil {
				return bad("unknown argument shape " + w + " (want <int>, <word>, <path> or <text>, optionally followed by ...)")
			}
			if e.Repeat {
				return bad("only the last argument shape may repeat")
			}
			e.Args = append(e.Args, m[1])
			e.Repeat = m[2] != ""
		case !literals:
			return bad(fmt.Sprintf("literal word %q after an [option] or <shape> (word %d): literal words come first", w, i+1))
		case strings.ContainsAny(w, "<>[]"):
			return bad(fmt.Sprintf("%q: < > [ ] only in <shape> and [option] words", w))
		default:
			e.Command = append(e.Command, w)
		}
	}
	return e, nil
}

// errOtherProgram: the entry is for another command.
var errOtherProgram = errors.New("entry for another command")

// mismatch is a refusal by one entry; depth is how many of its command
// words matched (the deepest says why a command is refused).
type mismatch struct {
	depth int
	err   error
}

func (m *mismatch) Error() string { return m.err.Error() }

// Match checks a whole argv against the entry.
func (e *AllowEntry) Match(argv []string) error {
	for i, w := range e.Command {
		if i >= len(argv) || argv[i] != w {
			if i == 0 {
				return errOtherProgram
			}
			return &mismatch{i, fmt.Errorf("%q is not the allowed command %q", strings.Join(argv[:min(i+1, len(argv))], " "), e.Text)}
		}
	}
	if err := e.matchRest(argv[len(e.Command):]); err != nil {
		return &mismatch{len(e.Command), err}
	}
	return nil
}

func (e *AllowEntry) matchRest(rest []string) error {
	pos := 0
	for _, a := range rest {
		if strings.HasPrefix(a, "-") && a != "-" {
			if e.Flags[a] {
				continue
			}
			name, val, valued := strings.Cut(a, "=")
			if sh, ok := e.Valued[name]; ok {
				if !valued {
					return fmt.Errorf("option %s needs its value attached (%s=<%s>) under the allowlist entry %q", name, name, sh, e.Text)
				}
				if !shapes[sh].MatchString(val) {
					return fmt.Errorf("option %s: value %q is not a <%s> (allowlist entry %q)", name, clipName(val), sh, e.Text)
				}
				continue
			}
			return fmt.Errorf("option %s is not allowed by the allowlist entry %q", clipName(a), e.Text)
		}
		if pos >= len(e.Args) && !(e.Repeat && len(e.Args) > 0) {
			return fmt.Errorf("argument %q is not allowed by the allowlist entry %q", clipName(a), e.Text)
		}
		sh := e.Args[min(pos, len(e.Args)-1)]
		if !shapes[sh].MatchString(a) || (sh == "path" && hasDotSegment(a)) {
			return fmt.Errorf("argument %q is not a <%s> (allowlist entry %q)", clipName(a), sh, e.Text)
		}
		pos++
	}
	need := len(e.Args)
	if e.Repeat {
		need--
	}
	if pos < need {
		return fmt.Errorf("missing argument <%s> (allowlist entry %q)", e.Args[pos], e.Text)
	}
	return nil
}

func hasDotSegment(p string) bool {
	for _, s := range strings.Split(p, "/") {
		if s == "." || s == ".." {
			return true
		}
	}
	return false
}

// Validate checks the allowlist entries and the environment variable
// names: a variable that changes what programs load or which configuration
// they read (GIT_*, PYTHON*, LD_*, DYLD_*, BASH_ENV, ENV, NODE_OPTIONS,
// PERL5OPT, RUBYOPT, …, and the ones the loader sets itself) may not be
// passed through.
func (d *DynamicOptions) Validate() error {
	for _, a := range d.Allow {
		if _, err := ParseAllowEntry(a); err != nil {
			return err
		}
	}
	for _, n := range d.Env {
		if err := checkEnvName(n); err != nil {
			return err
		}
	}
	return nil
}

var deniedEnv = map[string]bool{
	"HOME": true, "TMPDIR": true, "XDG_CONFIG_HOME": true, "PAGER": true, "BASH_ENV": true, "ENV": true,
	"NODE_OPTIONS": true, "NODE_PATH": true, "PERL5OPT": true, "PERL5LIB": true, "PERLLIB": true,
	"RUBYOPT": true, "RUBYLIB": true, "JAVA_TOOL_OPTIONS": true, "_JAVA_OPTIONS": true, "SHELLOPTS": true,
	"PROMPT_COMMAND": true, "IFS": true, "CDPATH": true, "ZDOTDIR": true,
}

func checkEnvName(n string) error {
	for _, p := range []string{"GIT_", "PYTHON", "LD_", "DYLD_"} {
		if strings.HasPrefix(n, p) {
			return fmt.Errorf("environment variable %s may not be passed to dynamic-context commands: %s* variables change what programs load or which configuration they read", n, p)
		}
	}
	if deniedEnv[n] {
		return fmt.Errorf("environment variable %s may not be passed to dynamic-context commands: it changes what programs load, or the loader sets it itself", n)
	}
	return nil
}
