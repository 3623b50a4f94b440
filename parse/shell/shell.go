// Package shell turns shell source (a script, a Markdown code block, a
// `!command` line) into a flat list of commands with their words resolved
// where they are constant, so that rules can ask "is curl's output piped to
// bash?" without walking a syntax tree.
//
// It parses with mvdan.cc/sh (bash variant) and follows what a reader would
// have to follow by hand: command and process substitutions, `sh -c "…"`
// and `eval` arguments (parsed again), literals piped through `base64 -d`,
// `xxd -r -p`, `rev` or `printf '\x..'` into a shell (decoded and parsed
// again), and simple `VAR=value` assignments. Nested analysis is bounded in
// depth and in the number of commands. Every position is a byte offset in
// the original file; text that was decoded maps to the command that
// decoded it. Source that does not parse falls back to a line-by-line
// parse and then to token heuristics on the failing lines.
package shell

import (
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/skillvet/skillvet/parse/rxlit"
	"mvdan.cc/sh/v3/syntax"
)

// Limits on input accepted for analysis.
const (
	MaxBytes    = 2 << 20 // per parse
	MaxNesting  = 200     // $( ( { ` nesting before parsing
	MaxDepth    = 4       // sh -c / eval / decoded payload re-parse depth
	MaxCommands = 50000   // commands per script, nested ones included
)

// ErrLimit wraps errors for input over the limits.
var ErrLimit = errors.New("shell input over the analysis limits")

// Script is the analysis of one piece of shell source.
type Script struct {
	Commands []*Command
	// Err is the parse error of the source as a whole, or a limit error
	// (errors.Is(err, ErrLimit)). Commands are still extracted from the
	// lines that parse and, heuristically, from those that do not.
	Err error
	// ErrOffset is the file offset the parse error points at.
	ErrOffset int
	// Heuristic is set when some commands come from token heuristics.
	Heuristic bool
	// Vars are the variables holding a known constant when the source
	// ends (nil when there are none): what a later piece of shell run in
	// the same session (ParseEnv) would see.
	Vars map[string]string
}

// Via says how a command was reached.
type Via uint8

const (
	ViaTop        Via = iota // written as a command in the source
	ViaSubst                 // inside $(…) or `…`
	ViaProcSubst             // inside <(…) or >(…)
	ViaDashC                 // the argument of sh -c / bash -c
	ViaEval                  // the arguments of eval
	ViaStdin                 // text piped into a shell (decoded, reversed, printed)
	ViaScriptFile            // a here-document or printed text written to a shell script, start-up file or git hook
	ViaStored                // a command stored in git or ssh configuration (Command.Settings)
)

var viaNames = [...]string{"command", "command substitution", "process substitution", "sh -c argument", "eval argument", "text piped into a shell", "script written to a file", "command stored in configuration"}

func (v Via) String() string { return viaNames[v] }

// Word is one shell word.
type Word struct {
	// Value is the word after quote removal, with constant variables and
	// decoded substitutions resolved; parts that cannot be resolved keep
	// their source text (e.g. "$HOME/.ssh", "$(curl …)").
	Value string
	// Const is true when nothing in the word was left unresolved.
	Const bool
	// Subst is true when the word holds command output: a command or
	// process substitution, or a variable assigned from one.
	Subst bool
	// Escaped is true when the word uses ANSI-C hex, octal or unicode
	// escapes ($'\x63').
	Escaped bool
	// Sliced is true when the word was assembled from ${var:off:len}
	// substrings or ${var/x/y} replacements of constants.
	Sliced bool
	// Tainted is true when the word expands script arguments ($1, $@),
	// input read with read, or a variable named like user input
	// ($USER_QUERY, $INPUT, …), directly or through assignments.
	Tainted    bool
	Start, End int // byte offsets in the file
	Raw        string

	exact bool // Start maps one to one onto the file
}

// Exact reports whether the word's Start maps one to one onto the file
// (its value, or a here-document body, starts at Start as written), so that
// an offset into its text is an offset into the file.
func (w *Word) Exact() bool { return w.exact && strings.HasPrefix(w.Raw, w.Value) }

// Redir is a redirection.
type Redir struct {
	Op     string // ">", ">>", "<", "<<<", "<<", ">&", "&>", …
	Fd     string // explicit descriptor, "" when none
	Target Word   // the file, descriptor or here-string
	Body   *Word  // here-document body
}

// Command is one simple command.
type Command struct {
	// Args are all words as written (wrappers such as sudo included).
	Args []Word
	// Name is the base name of the program that runs after wrappers
	// (sudo, env, nohup, exec, command, nice, timeout, …) are removed;
	// Argv are its words, Argv[0] being the program.
	Name string
	Argv []Word
	// Assigns are the NAME=value words before the command (or of an
	// assignment-only statement), in order: Value is the value, Raw the
	// whole NAME=value text.
	Assigns []Word
	// Sudo is true when a privilege wrapper (sudo, doas, pkexec, su -c)
	// runs the command.
	Sudo bool

	Start, End int // byte offsets in the file
	Redirs     []Redir

	Depth  int // 0 for source text, +1 for each re-parse
	Via    Via
	Parent int // index of the command this one was found in, -1 at top

	PipeNext int // command reading this one's stdout, -1 when none
	PipePrev int // command writing this one's stdin, -1 when none

	Background bool
	Heuristic  bool // extracted by token heuristics, not parsed
	// Endless is true inside a loop whose condition never ends it
	// (while true, while :, until false, for ((;;))).
	Endless bool

	// Output is the text the command writes when it can be computed from
	// literals (echo, printf, and base64 -d, xxd -r -p, rev or cat of such
	// text); OutputKnown says whether it could.
	Output      string
	OutputKnown bool
	// Decoded is set for base64/hex decoders whose input was a literal:
	// the decoded text.
	Decoded string
	// Settings are the git and ssh settings the command makes that name a
	// command, a hooks directory, a configuration file or a source (see
	// Setting); command lines among them are parsed into the script.
	Settings []Setting

	processed bool
	assign    bool // an assignment-only statement (X=$(…)) kept for its substitutions
}

// Params returns the program's arguments (Argv without the program),
// nil when there is no program.
func (c *Command) Params() []Word {
	if len(c.Argv) < 2 {
		return nil
	}
	return c.Argv[1:]
}

// Arg returns Argv[i].Value, or "".
func (c *Command) Arg(i int) string {
	if i < len(c.Argv) {
		return c.Argv[i].Value
	}
	return ""
}

// Text is the command's words joined with spaces.
func (c *Command) Text() string {
	var b strings.Builder
	for i, w := range c.Args {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(w.Value)
	}
	return b.String()
}

// Parse analyses src as shell. base is the file offset of src[0].
func Parse(src string, base int) *Script { return ParseEnv(src, base, nil) }

// ParseEnv is Parse with variables already set to constants, as a piece
// of shell sees them when an earlier piece of the same session (another
// code block of the instructions) assigned them. The source's own
// assignments override env.
func ParseEnv(src string, base int, env map[string]string) *Script {
	s := &Script{}
	if len(src) > MaxBytes {
		s.Err = fmt.Errorf("%w: %d bytes, over the %d-byte limit", ErrLimit, len(src), MaxBytes)
		return s
	}
	if d, at := nestingAt(src); d > MaxNesting {
		s.Err = fmt.Errorf("%w: substitutions and groups nest %d deep, over the limit of %d", ErrLimit, d, MaxNesting)
		s.ErrOffset = base + at
		return s
	}
	a := newAnalysis(s)
	if len(env) > 0 {
		a.vars = make(map[string]string, len(env))
		for k, v := range env {
			a.vars[k] = v
		}
	}
	a.run(src, mapper{base: base, exact: true})
	s.Vars = a.vars
	return s
}

// run analyses the source, turning an internal failure into Err so that
// callers report the source as not analysed instead of crashing.
func (a *analysis) run(src string, m mapper) {
	defer func() {
		if r := recover(); r != nil {
			a.s.Err = fmt.Errorf("%w: shell analysis failed: %v", ErrLimit, r)
		}
		if a.parser != nil {
			bashParsers.Put(a.parser)
		}
		if a.zsh != nil {
			zshParsers.Put(a.zsh)
		}
	}()
	a.parseText(src, m, 0, ViaTop, -1, true)
}

// Parsers are reused across analyses: building one allocates buffers that
// dominate the cost of parsing a short snippet.
var (
	bashParsers = sync.Pool{New: func() any { return syntax.NewParser(syntax.Variant(syntax.LangBash)) }}
	zshParsers  = sync.Pool{New: func() any { return syntax.NewParser(syntax.Variant(syntax.LangZsh)) }}
)

func newAnalysis(s *Script) *analysis {
	return &analysis{s: s}
}

// setVar writes to one of the analysis maps, which stay nil (and cost
// nothing) for the many snippets that never assign.
func setVar[V any](m *map[string]V, k string, v V) {
	if *m == nil {
		*m = map[string]V{}
	}
	(*m)[k] = v
}

// Nesting measures the deepest nesting of $( ( { and backtick levels in src,
// without parsing (deep nesting overflows recursive parsers).
func Nesting(src string) int {
	d, _ := nestingAt(src)
	return d
}

// nestingAt also returns the offset where the limit was first exceeded.
func nestingAt(src string) (int, int) {
	depth, maxd, at := 0, 0, 0
	over := func(d, i int) {
		if d > maxd {
			maxd = d
		}
		if d > MaxNesting && at == 0 {
			at = i
		}
	}
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '(', '{':
			depth++
			over(depth, i)
		case ')', '}':
			if depth > 0 {
				depth--
			}
		case '`':
			// Nested backticks need escaping: \` is one level, \\\` two.
			n := 0
			for j := i - 1; j >= 0 && src[j] == '\\'; j-- {
				n++
			}
			over(depth+n+1, i)
		}
	}
	return maxd, at
}

// mapper converts offsets in a parsed text to file offsets.
type mapper struct {
	base  int  // file offset of the text's first byte when exact
	exact bool // otherwise every position maps to anchor
	end   int  // anchor end when not exact
}

func (m mapper) at(off int) int {
	return m.base + off*b2i(m.exact)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

type analysis struct {
	s         *Script
	vars      map[string]string
	loops     map[string]string // for-loop variables: their items, space-joined
	tainted   map[string]bool   // variables holding script arguments or read input
	outVars   map[string]bool   // variables assigned from command output
	partial   map[string]string // variables only partly known: unresolved parts keep their source text
	funcDepth int               // > 0 inside function bodies
	stdinFed  int               // > 0 while building commands whose stdin is a pipe or file
	parser    *syntax.Parser    // reused: a parse finishes before the next starts
	zsh       *syntax.Parser    // second chance for text bash rejects
}

type builder struct {
	a      *analysis
	src    string
	m      mapper
	depth  int
	via    Via
	parent int
	// endless counts the enclosing loops that never end by their own
	// condition (while true, while :, until false, for ((;;))).
	endless int
}

func (a *analysis) full() bool { return len(a.s.Commands) >= MaxCommands }

// parseText parses text and appends its commands. top marks the original
// source, whose parse error is the script's error.
func (a *analysis) parseText(text string, m mapper, depth int, via Via, parent int, top bool) {
	if a.full() {
		return
	}
	if !top && (len(text) > MaxBytes || Nesting(text) > MaxNesting) {
		return
	}
	f, err := a.parseFile(text)
	if err == nil {
		b := &builder{a: a, src: text, m: m, depth: depth, via: via, parent: parent}
		b.run(f.Stmts)
		return
	}
	if top {
		a.s.Err = err
		a.s.ErrOffset = m.at(0)
		var pe syntax.ParseError
		if errors.As(err, &pe) && pe.Pos.IsValid() {
			a.s.ErrOffset = m.at(int(pe.Pos.Offset()))
		}
	}
	// Line by line; lines that still fail go to token heuristics.
	off := 0
	for off < len(text) {
		end := strings.IndexByte(text[off:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += off
		}
		line := text[off:end]
		if strings.TrimSpace(line) != "" {
			lm := m
			if m.exact {
				lm.base = m.at(off)
			}
			if lf, lerr := a.parseFile(line); lerr == nil {
				b := &builder{a: a, src: line, m: lm, depth: depth, via: via, parent: parent}
				b.run(lf.Stmts)
			} else {
				a.heuristic(line, lm, depth, via, parent)
			}
		}
		off = end + 1
	}
}

func (a *analysis) parseFile(text string) (f *syntax.File, err error) {
	defer func() {
		if r := recover(); r != nil {
			f, err = nil, fmt.Errorf("shell parser failed: %v", r)
			a.parser, a.zsh = nil, nil // their state is unknown after a panic
		}
	}()
	if a.parser == nil {
		a.parser = bashParsers.Get().(*syntax.Parser)
	}
	f, err = a.parser.Parse(strings.NewReader(text), "")
	if err == nil {
		return f, nil
	}
	// zsh scripts (and some bash that mvdan's bash mode rejects) parse
	// as zsh; the first error is kept when neither works.
	if a.zsh == nil {
		a.zsh = zshParsers.Get().(*syntax.Parser)
	}
	if zf, zerr := a.zsh.Parse(strings.NewReader(text), ""); zerr == nil {
		return zf, nil
	}
	// ${都市名}: a placeholder named in the reader's language, which no
	// shell accepts as a name. Renamed at the same length, the rest of the
	// text parses as written.
	fixed, renamed := asciiParamNames(text)
	if !renamed {
		fixed = text
	}
	// declare -A P=([net.core.somaxconn]=65535): a string key that bash
	// takes as written and mvdan/sh reads as arithmetic. Its dots become
	// underscores at the same length; keys are data, not commands.
	if keyed, ok := assocKeys(fixed); ok {
		fixed, renamed = keyed, true
	}
	if renamed {
		if f2, e2 := a.parser.Parse(strings.NewReader(fixed), ""); e2 == nil {
			return f2, nil
		}
	}
	// python3 << EOF with no EOF line: bash reads the here-document to the
	// end of the file (with a warning) and runs the command on it. The
	// delimiter appended after the text gives the same reading; offsets
	// of the text are unchanged.
	if m := unclosedHeredocRx.FindStringSubmatch(err.Error()); m != nil {
		closed := fixed
		if !strings.HasSuffix(closed, "\n") {
			closed += "\n"
		}
		if f2, e2 := a.parser.Parse(strings.NewReader(closed+m[1]+"\n"), ""); e2 == nil {
			return f2, nil
		}
	}
	return nil, err
}

// unclosedHeredocRx matches mvdan/sh's error for a here-document whose
// delimiter line never comes; group 1 is the delimiter.
var unclosedHeredocRx = rxlit.MustRx("unclosed here-document `([^`\\s]+)`")

// assocKeyRx matches a key of an associative array literal that holds
// characters arithmetic does not allow in a name: [net.core.rmem_max]=.
var assocKeyRx = rxlit.MustRx(`(^|[\s(])\[([A-Za-z_][\w.:/-]*[.:/-][\w.:/-]*)\]=`)

// assocKeys rewrites such keys with underscores of the same length.
func assocKeys(text string) (string, bool) {
	if !assocKeyRx.MatchString(text) {
		return "", false
	}
	return assocKeyRx.ReplaceAllStringFunc(text, func(m string) string {
		i := strings.IndexByte(m, '[')
		return m[:i] + strings.Map(func(r rune) rune {
			if r == '.' || r == ':' || r == '/' || r == '-' {
				return '_'
			}
			return r
		}, m[i:len(m)-2]) + "]="
	}), true
}

// nonASCIIParamRx matches a braced parameter whose name holds a non-ASCII
// letter.
var nonASCIIParamRx = rxlit.MustRx(`\$\{[^{}\s$]*[^\x00-\x7f][^{}\s$]*\}`)

// asciiParamNames renames each ${name} with non-ASCII letters to
// underscores of the same byte length.
func asciiParamNames(text string) (string, bool) {
	if !nonASCIIParamRx.MatchString(text) {
		return "", false
	}
	return nonASCIIParamRx.ReplaceAllStringFunc(text, func(m string) string {
		return "${" + strings.Repeat("_", len(m)-3) + "}"
	}), true
}

func (b *builder) pos(p syntax.Pos) int {
	if !p.IsValid() {
		return b.m.at(0)
	}
	// min: the delimiter an unclosed here-document was given (parseFile)
	// lies past the text; what ends there ends at the text's end
	return b.m.at(min(int(p.Offset()), len(b.src)))
}

func (b *builder) raw(n syntax.Node) string {
	s, e := int(n.Pos().Offset()), int(n.End().Offset())
	if s < 0 || e > len(b.src) || s > e {
		return ""
	}
	return b.src[s:e]
}

// run walks statements and then resolves what the commands made at this
// level feed into shells.
func (b *builder) run(stmts []*syntax.Stmt) []int {
	first := len(b.a.s.Commands)
	ids := b.stmts(stmts)
	b.a.post(first)
	return ids
}

func (b *builder) stmts(list []*syntax.Stmt) []int {
	var ids []int
	for _, st := range list {
		ids = append(ids, b.stmt(st)...)
	}
	return ids
}

func (b *builder) stmt(st *syntax.Stmt) []int {
	if st == nil || b.a.full() {
		return nil
	}
	fed := false
	for _, r := range st.Redirs {
		fed = fed || r.Op == syntax.RdrIn || r.Op == syntax.Hdoc || r.Op == syntax.DashHdoc || r.Op == syntax.WordHdoc
	}
	if fed {
		b.a.stdinFed++
		defer func() { b.a.stdinFed-- }()
	}
	ids := b.command(st.Cmd)
	if len(st.Redirs) > 0 {
		var owner int = -1
		if len(ids) > 0 {
			owner = ids[0]
		}
		rs := b.redirs(st.Redirs, owner)
		for _, id := range ids {
			c := b.a.s.Commands[id]
			c.Redirs = append(c.Redirs, rs...)
		}
		if len(ids) == 0 && len(rs) > 0 {
			// A bare redirection (> file) still writes: keep it.
			c := b.newCmd(st.Pos(), st.End())
			c.Redirs = rs
			c.assign = true
			ids = append(ids, b.add(c))
		}
	}
	if st.Background {
		for _, id := range ids {
			b.a.s.Commands[id].Background = true
		}
	}
	return ids
}

func (b *builder) newCmd(s, e syntax.Pos) *Command {
	return &Command{Start: b.pos(s), End: b.end(e), Depth: b.depth, Via: b.via, Parent: b.parent, PipeNext: -1, PipePrev: -1, Endless: b.endless > 0}
}

func (b *builder) end(p syntax.Pos) int {
	if !b.m.exact {
		return b.m.end
	}
	return b.pos(p)
}

func (b *builder) add(c *Command) int {
	b.a.s.Commands = append(b.a.s.Commands, c)
	return len(b.a.s.Commands) - 1
}

func (b *builder) command(cmd syntax.Command) []int {
	switch c := cmd.(type) {
	case *syntax.CallExpr:
		return b.call(c)
	case *syntax.BinaryCmd:
		x := b.stmt(c.X)
		pipe := c.Op == syntax.Pipe || c.Op == syntax.PipeAll
		if pipe {
			b.a.stdinFed++
		}
		y := b.stmt(c.Y)
		if pipe {
			b.a.stdinFed--
		}
		if (c.Op == syntax.Pipe || c.Op == syntax.PipeAll) && len(y) > 0 {
			cs := b.a.s.Commands
			next := y[0]
			for _, id := range x {
				if cs[id].PipeNext < 0 && !cs[id].assign {
					cs[id].PipeNext = next
				}
			}
			for i := len(x) - 1; i >= 0; i-- {
				if !cs[x[i]].assign {
					cs[next].PipePrev = x[i]
					break
				}
			}
		}
		return append(x, y...)
	case *syntax.Block:
		return b.stmts(c.Stmts)
	case *syntax.Subshell:
		return b.stmts(c.Stmts)
	case *syntax.IfClause:
		var ids []int
		for ic := c; ic != nil; ic = ic.Else {
			ids = append(ids, b.stmts(ic.Cond)...)
			ids = append(ids, b.stmts(ic.Then)...)
		}
		return ids
	case *syntax.WhileClause:
		cond := b.stmts(c.Cond)
		if endlessCond(c) {
			b.endless++
			defer func() { b.endless-- }()
		}
		return append(cond, b.stmts(c.Do)...)
	case *syntax.ForClause:
		if cl, ok := c.Loop.(*syntax.CStyleLoop); ok && cl.Cond == nil {
			b.endless++ // for ((;;))
			defer func() { b.endless-- }()
		}
		if wi, ok := c.Loop.(*syntax.WordIter); ok {
			var items []string
			tainted := len(wi.Items) == 0 && b.a.funcDepth == 0 // for x; do … iterates "$@"
			for _, w := range wi.Items {
				rw := b.word(w, -1)
				items = append(items, rw.Value)
				tainted = tainted || rw.Tainted
			}
			if wi.Name != nil {
				setVar(&b.a.loops, wi.Name.Value, strings.Join(items, " "))
				if tainted {
					setVar(&b.a.tainted, wi.Name.Value, true)
				}
			}
		}
		return b.stmts(c.Do)
	case *syntax.CaseClause:
		b.word(c.Word, -1)
		var ids []int
		for _, it := range c.Items {
			ids = append(ids, b.stmts(it.Stmts)...)
		}
		return ids
	case *syntax.FuncDecl:
		// Inside a function $1 is the caller's argument, not the script's.
		b.a.funcDepth++
		defer func() { b.a.funcDepth-- }()
		return b.stmt(c.Body)
	case *syntax.TimeClause:
		return b.stmt(c.Stmt)
	case *syntax.CoprocClause:
		return b.stmt(c.Stmt)
	case *syntax.DeclClause:
		return b.decl(c)
	case nil:
		return nil
	default:
		// Test clauses, arithmetic, let: only their substitutions run.
		var ids []int
		syntax.Walk(cmd, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.CmdSubst:
				ids = append(ids, b.sub(n.Stmts, ViaSubst, -1)...)
				return false
			case *syntax.ProcSubst:
				ids = append(ids, b.sub(n.Stmts, ViaProcSubst, -1)...)
				return false
			}
			return true
		})
		return nil
	}
}

func (b *builder) assigns(as []*syntax.Assign, owner int, record bool) []Word {
	var words []Word
	for _, as := range as {
		if as.Value == nil {
			if as.Array != nil {
				for _, el := range as.Array.Elems {
					if el.Value != nil {
						b.word(el.Value, owner)
					}
				}
			}
			continue
		}
		w := b.word(as.Value, owner)
		aw := w
		aw.Raw = b.raw(as) // NAME=value
		words = append(words, aw)
		if record && as.Name != nil {
			// Taint follows plain aliases (Q="$1", Q=${1:-x}), not
			// accumulations such as opts="$opts $1".
			if w.Tainted && isAlias(as.Value) {
				setVar(&b.a.tainted, as.Name.Value, true)
			} else if as.Index == nil && !as.Append {
				delete(b.a.tainted, as.Name.Value)
			}
			if w.Subst {
				setVar(&b.a.outVars, as.Name.Value, true)
			} else if as.Index == nil && !as.Append {
				delete(b.a.outVars, as.Name.Value)
			}
		}
		if record && as.Name != nil && as.Index == nil {
			delete(b.a.partial, as.Name.Value)
			if w.Const {
				if as.Append {
					setVar(&b.a.vars, as.Name.Value, b.a.vars[as.Name.Value]+w.Value)
				} else {
					setVar(&b.a.vars, as.Name.Value, w.Value)
				}
			} else {
				delete(b.a.vars, as.Name.Value)
				if !as.Append && len(w.Value) <= maxPartial {
					// BASE="https://host/v${VER}/x": later words see the
					// known parts (the host) and keep the rest as written.
					setVar(&b.a.partial, as.Name.Value, w.Value)
				}
			}
		}
	}
	return words
}

func (b *builder) decl(d *syntax.DeclClause) []int {
	c := b.newCmd(d.Pos(), d.End())
	id := b.add(c)
	c.Args = append(c.Args, b.litWord(d.Variant.Value, d.Variant.Pos(), d.Variant.End()))
	// Each value is built once, by assigns (which also records taint):
	// building it here too listed the commands of its substitutions twice
	// (export $(grep … ~/.env | xargs)).
	vals := b.assigns(d.Args, id, true) // one word per arg with a Value, in order
	k := 0
	for _, as := range d.Args {
		var w Word
		if as.Value != nil && k < len(vals) {
			w = vals[k]
			k++
		}
		if as.Naked && as.Name == nil && as.Value != nil {
			w.Raw = b.raw(as.Value)
			c.Args = append(c.Args, w)
			continue
		}
		name := ""
		if as.Name != nil {
			name = as.Name.Value
		}
		if as.Naked {
			c.Args = append(c.Args, b.litWord(name, as.Pos(), as.End()))
		} else {
			c.Args = append(c.Args, Word{Value: name + "=" + w.Value, Start: b.pos(as.Pos()), End: b.end(as.End()), Raw: b.raw(as)})
		}
	}
	b.finish(c, id)
	return []int{id}
}

func (b *builder) litWord(v string, s, e syntax.Pos) Word {
	return Word{Value: v, Const: true, Start: b.pos(s), End: b.end(e), Raw: v}
}

func (b *builder) call(ce *syntax.CallExpr) []int {
	if len(ce.Args) == 0 {
		// Assignments only: X=value or X=$(cmd). The substitutions run.
		c := b.newCmd(ce.Pos(), ce.End())
		c.assign = true
		id := b.add(c)
		c.Assigns = b.assigns(ce.Assigns, id, true)
		return []int{id}
	}
	c := b.newCmd(ce.Pos(), ce.End())
	id := b.add(c)
	c.Assigns = b.assigns(ce.Assigns, id, false)
	c.Args = make([]Word, 0, len(ce.Args))
	for _, w := range ce.Args {
		c.Args = append(c.Args, b.word(w, id))
	}
	b.finish(c, id)
	return []int{id}
}

func (b *builder) redirs(rs []*syntax.Redirect, owner int) []Redir {
	var out []Redir
	for _, r := range rs {
		rd := Redir{Op: r.Op.String()}
		if r.N != nil {
			rd.Fd = r.N.Value
		}
		if r.Word != nil {
			rd.Target = b.word(r.Word, owner)
		}
		if r.Hdoc != nil {
			w := b.word(r.Hdoc, owner)
			rd.Body = &w
		}
		out = append(out, rd)
	}
	return out
}

// sub analyses the statements of a substitution as commands of their own.
func (b *builder) sub(stmts []*syntax.Stmt, via Via, owner int) []int {
	nb := &builder{a: b.a, src: b.src, m: b.m, depth: b.depth, via: via, parent: owner}
	return nb.run(stmts)
}

// finish computes the effective program and re-parses -c and eval text.
func (b *builder) finish(c *Command, id int) {
	c.Argv, c.Sudo = unwrap(c.Args)
	if len(c.Argv) > 0 {
		c.Name = baseName(c.Argv[0].Value)
	}
	if c.Name == "su" {
		c.Sudo = true
	}
	// read from the terminal or the agent, not from a pipe or a file.
	if (c.Name == "read" || c.Name == "mapfile" || c.Name == "readarray") && b.a.stdinFed == 0 {
		for i := 1; i < len(c.Argv); i++ {
			v := c.Argv[i].Value
			switch {
			case v == "-p" || v == "-d" || v == "-n" || v == "-N" || v == "-t" || v == "-u" || v == "-i":
				i++
			case strings.HasPrefix(v, "-"):
			default:
				setVar(&b.a.tainted, v, true)
			}
		}
	}
	switch c.Name {
	case "git":
		c.Settings = GitSettings(c.Argv)
	case "ssh", "scp", "sftp":
		c.Settings = SSHSettings(c.Argv)
	}
	c.Settings = append(c.Settings, envSettings(c)...)
	if b.depth >= MaxDepth {
		return
	}
	b.a.parseStored(c, id, b.depth, 0)
	switch {
	case IsShell(c.Name) || c.Name == "su":
		if w, ok := dashC(c.Argv); ok && w.Const {
			b.a.parseText(w.Value, b.inner(w), b.depth+1, ViaDashC, id, false)
		}
	case c.Name == "eval" && len(c.Argv) > 1:
		var parts []string
		for _, w := range c.Argv[1:] {
			if !w.Const {
				return
			}
			parts = append(parts, w.Value)
		}
		w := c.Argv[1]
		if len(c.Argv) > 2 {
			w.Raw = "" // several words: map to the command
		}
		b.a.parseText(strings.Join(parts, " "), b.inner(w), b.depth+1, ViaEval, id, false)
	}
}

// inner maps a word's value back to the file: exactly when the value is
// the verbatim content of a quoted or plain literal, else to the word.
func (b *builder) inner(w Word) mapper {
	if b.m.exact && w.Raw != "" {
		r := w.Raw
		switch {
		case r == w.Value:
			return mapper{base: w.Start, exact: true}
		case len(r) >= 2 && (r[0] == '\'' || r[0] == '"') && r[len(r)-1] == r[0] && r[1:len(r)-1] == w.Value:
			return mapper{base: w.Start + 1, exact: true}
		}
	}
	return mapper{base: w.Start, end: w.End}
}

// dashC returns the command string of `sh -c CMD`.
func dashC(argv []Word) (Word, bool) {
	for i := 1; i < len(argv); i++ {
		a := argv[i].Value
		if a == "--" || !strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "+") {
			return Word{}, false
		}
		if a[0] == '-' && !strings.HasPrefix(a, "--") && strings.Contains(a, "c") && i+1 < len(argv) {
			return argv[i+1], true
		}
		if a == "-o" || a == "+o" || a == "-O" || a == "+O" {
			i++
		}
	}
	return Word{}, false
}

// IsShell reports whether name is a POSIX-family shell.
func IsShell(name string) bool {
	switch name {
	case "sh", "bash", "zsh", "dash", "ksh", "ash", "mksh", "fish", "csh", "tcsh":
		return true
	}
	return false
}

func baseName(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexAny(s, "/\\"); i >= 0 && i < len(s)-1 {
		s = s[i+1:]
	}
	return strings.ToLower(strings.TrimSuffix(s, ".exe"))
}

// wrappers whose options take a value.
var wrapperValueOpts = map[string]map[string]bool{
	"sudo":    {"-u": true, "-g": true, "-C": true, "-D": true, "-h": true, "-p": true, "-r": true, "-t": true, "-U": true},
	"doas":    {"-u": true, "-C": true},
	"env":     {"-u": true, "-C": true},
	"xargs":   {"-I": true, "-n": true, "-P": true, "-L": true, "-d": true, "-E": true, "-s": true, "-a": true},
	"nice":    {"-n": true},
	"timeout": {"-s": true, "-k": true, "--signal": true, "--kill-after": true},
	"stdbuf":  {"-i": true, "-o": true, "-e": true},
	"ionice":  {"-c": true, "-n": true},
	"pkexec":  {"--user": true},
}

// unwrap strips command wrappers and returns the effective words.
func unwrap(args []Word) ([]Word, bool) {
	sudo := false
	for len(args) > 0 {
		name := baseName(args[0].Value)
		switch name {
		case "sudo", "doas", "pkexec", "run0":
			sudo = true
		case "env", "nohup", "exec", "command", "builtin", "nice", "timeout", "stdbuf", "ionice", "setsid", "caffeinate", "time", "xargs", "busybox", "unbuffer", "torsocks", "proxychains", "proxychains4":
		default:
			return args, sudo
		}
		if len(args) == 1 {
			return args, sudo // the wrapper alone (exec 3<>file, bare sudo)
		}
		if name == "command" && (args[1].Value == "-v" || args[1].Value == "-V") {
			return args, sudo // command -v tool: a lookup of the path, nothing runs
		}
		opts := wrapperValueOpts[name]
		args = args[1:]
		for len(args) > 0 {
			a := args[0].Value
			if a == "--" {
				args = args[1:]
				break
			}
			if name == "env" && strings.Contains(a, "=") && !strings.HasPrefix(a, "-") {
				args = args[1:]
				continue
			}
			if name == "timeout" && len(a) > 0 && (a[0] >= '0' && a[0] <= '9') {
				args = args[1:]
				continue
			}
			if !strings.HasPrefix(a, "-") {
				break
			}
			args = args[1:]
			if opts[a] && len(args) > 0 {
				args = args[1:]
			}
		}
	}
	return args, sudo
}

// ParseAnchored analyses src whose bytes do not map one to one onto the
// file (a YAML block scalar, an unescaped string): every position is
// reported at [start, end).
func ParseAnchored(src string, start, end int) *Script {
	s := &Script{}
	if len(src) > MaxBytes || Nesting(src) > MaxNesting {
		s.Err = fmt.Errorf("%w: %d bytes, nesting %d", ErrLimit, len(src), Nesting(src))
		return s
	}
	a := newAnalysis(s)
	a.run(src, mapper{base: start, end: end})
	return s
}

// isAlias reports a word that is exactly one parameter expansion, quoted
// or not.
func isAlias(w *syntax.Word) bool {
	if len(w.Parts) != 1 {
		return false
	}
	switch p := w.Parts[0].(type) {
	case *syntax.ParamExp:
		return true
	case *syntax.DblQuoted:
		if len(p.Parts) == 1 {
			_, ok := p.Parts[0].(*syntax.ParamExp)
			return ok
		}
	}
	return false
}

// endlessCond reports a while/until loop whose condition is constant:
// while true / while : / until false.
func endlessCond(c *syntax.WhileClause) bool {
	if len(c.Cond) != 1 {
		return false
	}
	call, ok := c.Cond[0].Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) != 1 || len(call.Assigns) > 0 {
		return false
	}
	w := call.Args[0].Lit()
	if c.Until {
		return w == "false"
	}
	return w == "true" || w == ":"
}

// Unwrap strips command wrappers (sudo, env with its assignments, nice,
// nohup, timeout with its duration, …) from a command line split into
// words and returns the words of the program that runs, as Command.Argv
// does for parsed commands. env -S (a command line in one word) is
// returned as it is, for the caller to judge.
func Unwrap(words []string) []string {
	ws := make([]Word, len(words))
	env := false
	for i, w := range words {
		if env && (w == "-S" || strings.HasPrefix(w, "--split-string")) {
			return words
		}
		env = env || baseName(w) == "env"
		ws[i] = Word{Value: w}
	}
	rest, _ := unwrap(ws)
	out := make([]string, len(rest))
	for i, w := range rest {
		out[i] = w.Value
	}
	return out
}
