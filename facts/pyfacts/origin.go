package pyfacts

import (
	"sort"
	"strconv"
	"strings"

	"github.com/skillvet/skillvet/parse/python"
)

// Origin says where a value that reaches a sink comes from, ordered from
// harmless to caller-controlled.
type Origin int

const (
	// OriginNone: constants, allowlist lookups, or values a cleaner
	// (int(), a validation) made safe on the way.
	OriginNone Origin = iota
	// OriginLocal: computed at run time from the skill's own values
	// (loop variables, results of unknown calls).
	OriginLocal
	// OriginFile: read from a file.
	OriginFile
	// OriginEnv: the environment.
	OriginEnv
	// OriginNetwork: downloaded or received from a socket.
	OriginNetwork
	// OriginInput: user input (command-line arguments and flags, input(),
	// stdin, a web request).
	OriginInput
	// OriginCaller: a parameter of a function that nothing in the file
	// calls: whoever calls it (the agent, a web framework, another
	// module) chooses the value.
	OriginCaller
)

// Taint is the most significant origin found for a value, and where it
// enters: the source reference, or the parameter and its function.
type Taint struct {
	Origin Origin
	Ref    python.Ref
	Param  string
	Func   string
}

// Desc describes where the value comes from, for messages.
func (t Taint) Desc() string {
	switch t.Origin {
	case OriginCaller:
		return "parameter " + t.Param + " of " + t.Func + "() (its caller chooses the value)"
	case OriginInput:
		return "user input (" + strings.ReplaceAll(t.Ref.Name, "[]", "") + ")"
	case OriginEnv:
		return "the environment (" + t.Ref.Name + ")"
	case OriginNetwork:
		return "downloaded data (" + t.Ref.Name + ")"
	case OriginFile:
		return "file content (" + t.Ref.Name + ")"
	case OriginLocal:
		return "a value computed at run time"
	}
	return "constants"
}

// Cleaners tell Origins what makes a value safe for one sink.
type Cleaners struct {
	// Clean reports a reference whose value is safe whatever flows into
	// it (int(x), os.path.basename(x), Path(x).name): the tokens it spans
	// are not followed.
	Clean func(r python.Ref) bool
	// Checked reports a variable (r.Var, or r.Attr for self.x and
	// args.x) validated before its use at r.Tok (a regular-expression
	// match, an allowlist test).
	Checked func(r python.Ref) bool
}

// Bounds of an origin query: variables followed into their assignments,
// function boundaries crossed (into callers' arguments, out of return
// values), bindings of one variable followed, and expressions walked in
// all (past that, the value is taken as computed at run time).
const (
	originMaxDepth   = 8
	originMaxHops    = 3
	originMaxAssigns = 16
	originBudget     = 2048
)

// Origins answers where values come from in one module for one set of
// cleaners (Of), sharing what the answers have in common: the callers of
// a function and whether the file calls it. Build one per file and rule;
// it is not safe for concurrent use.
type Origins struct {
	m       *python.Module
	cl      Cleaners
	callers map[[2]int][]python.Arg
	called  map[int]bool
}

// NewOrigins returns an origin index for m with cleaners cl.
func NewOrigins(m *python.Module, cl Cleaners) *Origins {
	return &Origins{m: m, cl: cl, callers: map[[2]int][]python.Arg{}, called: map[int]bool{}}
}

// Of says where the value of the expression in tokens [lo, hi) comes
// from. It follows variables through the assignments that can reach their
// use (Bindings), comprehension variables into what they iterate, self
// attributes, the return values of functions of the file, and parameters
// into the arguments the file's calls pass; a parameter of a function the
// file never calls is the caller's (OriginCaller), and one of a click or
// typer command is user input. Lookups in constant containers (ALLOWED[x],
// COLUMNS.get(x)), numbers (int(x), parameters annotated int), constant
// comprehensions ("?" for _ in ids), the conditions of conditional
// expressions and the references the cleaners clean are constants;
// variables they report checked are not followed.
func (o *Origins) Of(lo, hi int) Taint {
	w := &originWalk{o: o, m: o.m, cl: o.cl, seen: map[string]bool{}, budget: originBudget}
	return w.expr(lo, hi, 0, 0)
}

func (o *Origins) callerArgs(f *python.Func, k int) []python.Arg {
	key := [2]int{f.Lo, k}
	args, ok := o.callers[key]
	if !ok {
		args = o.m.CallerArgs(f, k)
		o.callers[key] = args
	}
	return args
}

func (o *Origins) calledByName(f *python.Func) bool {
	c, ok := o.called[f.Lo]
	if !ok {
		c = calledByName(o.m, f)
		o.called[f.Lo] = c
	}
	return c
}

type originWalk struct {
	o      *Origins
	m      *python.Module
	cl     Cleaners
	seen   map[string]bool
	budget int
}

func better(a, b Taint) Taint {
	if b.Origin > a.Origin {
		return b
	}
	return a
}

func (w *originWalk) expr(lo, hi, depth, hops int) Taint {
	m := w.m
	var best Taint
	if lo >= hi || depth > originMaxDepth {
		return best
	}
	if w.budget--; w.budget < 0 {
		return Taint{Origin: OriginLocal} // too far to follow: unknown
	}
	if _, ok := m.Fold(lo, hi); ok {
		return best
	}
	refs := m.RefsIn(lo, hi)
	var skip [][2]int
	for _, r := range refs {
		if w.cl.Clean != nil && w.cl.Clean(r) || IsNumericRef(r) || r.Var != "" && ConstContainer(m, r.Var, r.Tok) {
			skip = append(skip, [2]int{r.Tok, r.End})
		}
	}
	skip = append(skip, constComprehensions(m, lo, hi)...)
	skip = append(skip, conditions(m, lo, hi)...)
	skip = append(skip, localCallArgs(m, refs)...)
	targets := comprehensionTargets(m, lo, hi)
	for _, r := range refs {
		if inSpan(r.Tok, skip) || targets[r.Var] {
			continue // a comprehension's variable: its iterable is in the range too
		}
		best = better(best, w.ref(r, depth, hops))
		if best.Origin == OriginCaller {
			return best
		}
	}
	return best
}

func inSpan(tok int, spans [][2]int) bool {
	for _, s := range spans {
		if tok >= s[0] && tok < s[1] {
			return true
		}
	}
	return false
}

// IsNumericRef matches conversions to numbers and counts: whatever goes
// in, digits come out.
func IsNumericRef(r python.Ref) bool {
	if !r.Call {
		return false
	}
	switch r.Name {
	case "int", "float", "len", "abs", "round", "bool", "math.floor", "math.ceil", "decimal.Decimal", "uuid.uuid4", "time.time":
		return true
	}
	return false
}

// ConstContainer reports whether variable name, at a use at token use, is
// bound only to container literals of constants (ALLOWED = {"a", "b"},
// COLUMNS = {"name": "n.name"}): what is looked up in it is one of them.
func ConstContainer(m *python.Module, name string, use int) bool { return m.ConstContainer(name, use) }

// localCallArgs returns the argument lists of the calls among refs of
// functions the file defines with return values (key(query) where def
// key(q): return sha256(q).hexdigest()): the call's value is what the
// function returns, followed through its parameters into these very
// arguments, so an argument the function hashes or drops is not part of
// the value.
func localCallArgs(m *python.Module, refs []python.Ref) [][2]int {
	var out [][2]int
	for _, r := range refs {
		if !r.Call || r.Var == "" || r.Name != r.Var || len(m.Assigns[r.Var+"()"]) == 0 {
			continue
		}
		k := sort.Search(len(m.Calls), func(k int) bool { return m.Calls[k].Open >= r.Tok })
		for ; k < len(m.Calls) && m.Calls[k].Open < r.End; k++ {
			if c := m.Calls[k]; c.Head == r.Tok {
				out = append(out, [2]int{c.Open + 1, c.Close})
				break
			}
		}
	}
	return out
}

// constComprehensions returns the spans of comprehensions in [lo, hi)
// whose element is a constant ("?" for _ in ids, ["%s" for v in values]):
// placeholders, one per item, whatever the items are.
func constComprehensions(m *python.Module, lo, hi int) [][2]int {
	var out [][2]int
	for i := lo; i < hi; i++ {
		if m.Toks[i].Kind != python.Name || !m.Is(i, "for") {
			continue
		}
		d := m.Toks[i].Depth
		open := -1
		for k := i - 1; k >= lo; k-- {
			if m.Toks[k].Depth < d {
				open = k
				break
			}
		}
		if open < 0 || int(m.Match[open]) <= i {
			continue
		}
		if _, ok := m.Fold(open+1, i); ok {
			out = append(out, [2]int{open, int(m.Match[open]) + 1})
		}
	}
	return out
}

// conditions returns the spans of the conditions of conditional
// expressions and comprehension filters in tokens [lo, hi) (the C of
// A if C else B, of [x for x in xs if C]): tested, not part of the value.
func conditions(m *python.Module, lo, hi int) [][2]int {
	var out [][2]int
	for k := lo; k < hi; k++ {
		if m.Toks[k].Kind != python.Name || !m.Is(k, "if") {
			continue
		}
		d := m.Toks[k].Depth
		e := k + 1
		for e < hi && m.Toks[e].Depth >= d && !(m.Toks[e].Depth == d && (m.Is(e, "else") || m.Is(e, "for") || m.Is(e, "if") || m.Is(e, ","))) {
			e++
		}
		out = append(out, [2]int{k, e})
	}
	return out
}

// comprehensionTargets returns the variables the comprehensions in tokens
// [lo, hi) bind (x in [f(x) for x in items]).
func comprehensionTargets(m *python.Module, lo, hi int) map[string]bool {
	var out map[string]bool
	for k := lo; k < hi; k++ {
		if m.Toks[k].Kind != python.Name || !m.Is(k, "for") {
			continue
		}
		d := m.Toks[k].Depth
		for j := k + 1; j < hi && !(m.Toks[j].Depth == d && m.Is(j, "in")); j++ {
			if m.Toks[j].Kind == python.Name {
				if out == nil {
					out = map[string]bool{}
				}
				out[m.Text(j)] = true
			}
		}
	}
	return out
}

// comprehensionIterable returns the iterable of the comprehension around
// token tok that binds name ([f(x) for x in ITEMS]), looking out through
// at most four brackets.
func comprehensionIterable(m *python.Module, tok int, name string) (lo, hi int, ok bool) {
	k := tok
	for level := 0; level < 4; level++ {
		d := m.Toks[k].Depth
		if d == 0 {
			return 0, 0, false
		}
		// the bracket around k (an f-string's fields count as a level of
		// their own, with no bracket token)
		open := k - 1
		for ; open >= 0 && open > k-4096; open-- {
			if m.Toks[open].Depth < d && int(m.Match[open]) > tok && (m.Is(open, "(") || m.Is(open, "[") || m.Is(open, "{")) {
				break
			}
		}
		if open < 0 || open <= k-4096 {
			return 0, 0, false
		}
		cl := int(m.Match[open])
		d = m.Toks[open].Depth + 1
		for i := open + 1; i < cl; i++ {
			if m.Toks[i].Depth != d || !m.Is(i, "for") {
				continue
			}
			in := i + 1
			binds := false
			for ; in < cl && !(m.Toks[in].Depth == d && m.Is(in, "in")); in++ {
				binds = binds || m.Toks[in].Kind == python.Name && m.Text(in) == name
			}
			if !binds || in >= cl {
				continue
			}
			e := in + 1
			for e < cl && !(m.Toks[e].Depth == d && (m.Is(e, "for") || m.Is(e, "if"))) {
				e++
			}
			return in + 1, e, true
		}
		k = open
	}
	return 0, 0, false
}

// ref follows one reference.
func (w *originWalk) ref(r python.Ref, depth, hops int) Taint {
	m := w.m
	if t := leafOrigin(m, r); t.Origin != OriginNone {
		return t
	}
	var best Taint
	if (r.Call || strings.Contains(r.Name, "()")) && (r.Var == "" || r.Name == r.Var) && !pureCall(r.Name) {
		// a library call's result (os.listdir, datetime.now): computed at
		// run time; a method's result is its receiver's, followed below
		best.Origin = OriginLocal
	}
	if r.Var == "" {
		return best
	}
	if w.cl.Checked != nil && w.cl.Checked(r) {
		return Taint{}
	}
	if r.Call {
		// a function of the file: what it returns
		if as := m.Assigns[r.Var+"()"]; len(as) > 0 && r.Name == r.Var {
			if hops >= originMaxHops {
				return Taint{Origin: OriginLocal}
			}
			key := "ret " + r.Var
			if w.seen[key] {
				return Taint{}
			}
			w.seen[key] = true
			for _, a := range as[:min(len(as), originMaxAssigns)] {
				best = better(best, w.expr(a.Start, a.End, depth+1, hops+1))
			}
			return best
		}
		if r.Name == r.Var {
			return best // a call the file does not define (its arguments are refs of their own)
		}
	}
	if strings.HasPrefix(r.Attr, "self.") {
		if as := m.Assigns[r.Attr]; len(as) > 0 {
			key := "attr " + r.Attr
			if w.seen[key] {
				return Taint{}
			}
			w.seen[key] = true
			for _, a := range as[:min(len(as), originMaxAssigns)] {
				best = better(best, w.expr(a.Start, a.End, depth+1, hops))
			}
			return best
		}
	}
	if f := m.Enclosing(r.Tok); f != nil {
		if k := m.ParamIndex(f, r.Var); k >= 0 {
			return w.param(f, k, depth, hops)
		}
	}
	if lo, hi, ok := comprehensionIterable(m, r.Tok, r.Var); ok {
		// {t: count(t) for t in TABLES}: what the comprehension iterates
		return better(best, w.expr(lo, hi, depth+1, hops))
	}
	as, scope := m.Bindings(r.Var, r.Tok)
	if len(as) == 0 || scope < 0 {
		// unbound here (a global of another module), or bound only in
		// other functions: nothing ties it to their values
		return Taint{Origin: OriginLocal}
	}
	key := r.Var + "@" + strconv.Itoa(scope)
	if w.seen[key] {
		return Taint{}
	}
	w.seen[key] = true
	for n, a := range as {
		if n == originMaxAssigns {
			return better(best, Taint{Origin: OriginLocal})
		}
		best = better(best, w.expr(a.Start, a.End, depth+1, hops))
		if best.Origin == OriginCaller {
			break
		}
	}
	return best
}

// param follows parameter k of f: into what the file's calls pass, or, when
// nothing in the file calls f, to its caller.
func (w *originWalk) param(f *python.Func, k, depth, hops int) Taint {
	m := w.m
	key := "param " + strconv.Itoa(f.Lo) + " " + strconv.Itoa(k)
	if w.seen[key] {
		return Taint{}
	}
	w.seen[key] = true
	if strings.HasPrefix(f.Name, "__") {
		return Taint{Origin: OriginLocal} // __init__ and friends: called through the class
	}
	switch ParamAnnotation(m, f, k) {
	case "int", "float", "bool":
		return Taint{} // a number by contract (and by validation, in typer, click and MCP tools)
	}
	args := w.o.callerArgs(f, k)
	if len(args) == 0 {
		if d := cliDecorator(m, f); d != "" {
			// a click or typer command: its parameters are command-line
			// arguments
			return Taint{Origin: OriginInput, Ref: python.Ref{Name: d}}
		}
		if w.o.calledByName(f) {
			return Taint{Origin: OriginLocal} // called with the argument unset, or through *args
		}
		return Taint{Origin: OriginCaller, Param: f.Params[k], Func: f.Name}
	}
	if hops >= originMaxHops {
		return Taint{Origin: OriginLocal}
	}
	var best Taint
	for _, a := range args {
		best = better(best, w.expr(a.Start, a.End, depth+1, hops+1))
		if best.Origin == OriginCaller {
			break
		}
	}
	return best
}

// ParamAnnotation returns the annotation of parameter k of f when it is a
// plain name (int in def f(limit: int = 10)), or "".
func ParamAnnotation(m *python.Module, f *python.Func, k int) string {
	d := f.Lo
	for d < f.Hi && !m.Is(d, "def") {
		d++
	}
	open := d + 2
	if !m.Is(open, "(") || int(m.Match[open]) <= open {
		return ""
	}
	n := 0
	depth := m.Toks[open].Depth + 1
	for i := open + 1; i < int(m.Match[open]); i++ {
		if m.Toks[i].Depth != depth {
			continue
		}
		if m.Is(i, ",") {
			n++
			continue
		}
		if n == k && m.Is(i, ":") && m.Toks[i+1].Kind == python.Name && (m.Is(i+2, ",") || m.Is(i+2, "=") || m.Is(i+2, ")")) {
			return m.Text(i + 1)
		}
	}
	return ""
}

// Decorators returns the names of f's decorators (app.route, click.command).
func Decorators(m *python.Module, f *python.Func) []string {
	var out []string
	for i := f.Lo - 1; i >= 0; i-- {
		if m.Indent[i] < 0 {
			continue
		}
		if !m.Is(i, "@") || i+1 >= len(m.Toks) {
			break
		}
		for _, r := range m.RefsIn(i+1, i+2) {
			out = append(out, r.Name)
			break
		}
	}
	return out
}

// cliDecorator returns the decorator that makes f a command-line command
// (click, typer), or "".
func cliDecorator(m *python.Module, f *python.Func) string {
	for _, d := range Decorators(m, f) {
		if HasPrefixAny(d, "click.", "typer.") || HasSuffixAny(d, ".command", ".argument", ".option", ".group") {
			return d
		}
	}
	return ""
}

// calledByName reports whether the file calls f at all (with or without
// the argument in question).
func calledByName(m *python.Module, f *python.Func) bool {
	for _, c := range m.Calls {
		if (c.Name == f.Name || strings.HasSuffix(c.Name, "."+f.Name)) && !(c.Head >= f.Lo && c.Head < f.Hi) {
			return true
		}
	}
	return false
}

// pureCall reports calls whose result is made of their arguments only:
// str.join and str.format on a literal, conversions between containers.
func pureCall(name string) bool {
	if HasPrefixAny(name, "str.", "bytes.") {
		return true
	}
	switch name {
	case "str", "repr", "list", "tuple", "set", "frozenset", "dict", "sorted", "format", "min", "max":
		return true
	}
	return false
}

// leafOrigin classifies a reference by what it names, without following
// variables: user input, the environment, downloads, file reads.
// A variable is a source only as a request object (request.args in a
// handler that takes request) or an argument parser: input_dir or
// requests_left merely start like one.
func leafOrigin(m *python.Module, r python.Ref) Taint {
	module := r.Var == ""
	switch {
	case module && IsEnvRef(r):
		return Taint{Origin: OriginEnv, Ref: r}
	case isInputRef(r) && (module || r.Var == "request" || strings.Contains(r.Name, "parse_args")):
		return Taint{Origin: OriginInput, Ref: r}
	case module && IsDownloadRef(r) || isRecvCall(m, r):
		return Taint{Origin: OriginNetwork, Ref: r}
	case isFileReadRef(r):
		return Taint{Origin: OriginFile, Ref: r}
	}
	return Taint{}
}

// isFileReadRef matches reads of file content. A method on a read's result (f.read().splitlines()) is file content
// too, not the file's name.
func isFileReadRef(r python.Ref) bool {
	if strings.HasPrefix(r.Name, "sys.stdin") {
		return false
	}
	if r.Call {
		switch LastName(r.Name) {
		case "read", "read_text", "read_bytes", "readline", "readlines":
			return true
		}
	}
	return HasPrefixAny(r.Name, "json.load", "yaml.safe_load", "yaml.load", "tomllib.load", "toml.load", "csv.reader", "csv.DictReader") ||
		ContainsAny(r.Name, []string{".read().", ".read_text().", ".read_bytes().", ".readline().", ".readlines()."})
}

// Guards indexes the checks of a module: the conditions of if, elif,
// while and assert statements and of conditional expressions, and calls
// made as statements of their own (validate_name(name)), by the variables
// they read. Rules look in them for the tests that validate a value (a
// regular-expression match, an allowlist membership). Build one per file
// and rule; it is not safe for concurrent use.
type Guards struct {
	m      *python.Module
	byFunc map[int]map[string][]guard // by the function's first token (-1 at module level), then variable
}

type guard struct {
	kw, lo, hi int // the keyword (or call head) token, and the checked span
}

// NewGuards returns a guard index for m, built per function on demand.
func NewGuards(m *python.Module) *Guards {
	return &Guards{m: m, byFunc: map[int]map[string][]guard{}}
}

// Before returns the spans of the checks that read r's variable (its
// Attr, args.table, when it has one) and run before the statement holding
// r, in the same function (or at module level), and of a conditional
// expression around it (name if name in ALLOWED else "id").
func (g *Guards) Before(r python.Ref) [][2]int {
	m := g.m
	use := r.Tok
	lo, hi, key := 0, len(m.Toks), -1
	if f := m.Enclosing(use); f != nil {
		lo, hi, key = f.Lo, f.Hi, f.Lo
	}
	idx, ok := g.byFunc[key]
	if !ok {
		idx = guardsIn(m, lo, hi)
		g.byFunc[key] = idx
	}
	name := "v:" + r.Var
	if r.Attr != "" {
		name = "a:" + r.Attr
	}
	list := idx[name]
	if len(list) == 0 {
		return nil
	}
	// the start of the statement holding use: a logical line, or what
	// follows a semicolon
	stmt := use
	for stmt > lo && m.Indent[stmt] < 0 && !(m.Is(stmt-1, ";") && m.Toks[stmt-1].Depth == 0) {
		stmt--
	}
	var out [][2]int
	k := sort.Search(len(list), func(k int) bool { return list[k].kw >= stmt })
	for _, gd := range list[max(0, k-maxGuards):k] {
		out = append(out, [2]int{gd.lo, gd.hi}) // the nearest checks before the statement
	}
	for _, gd := range list[k:] {
		if gd.kw <= use {
			continue
		}
		if m.Indent[gd.kw] >= 0 || !sameStatement(m, stmt, gd.kw) {
			break
		}
		// a conditional expression in the statement of the use
		out = append(out, [2]int{gd.lo, gd.hi})
	}
	return out
}

// maxGuards bounds the checks of one variable Before returns: the
// nearest ones.
const maxGuards = 64

// IsValidatorName reports a function or method whose name says it
// validates its argument (validate_table, check_name, is_safe_path,
// sanitize, ensure_allowed).
func IsValidatorName(name string) bool {
	last := strings.ToLower(LastName(name))
	return ContainsAny(last, []string{"valid", "check", "sanitiz", "sanitis", "allow", "ensure", "safe", "verify"})
}

// sameStatement reports whether token k belongs to the statement that
// starts at token stmt.
func sameStatement(m *python.Module, stmt, k int) bool {
	for i := stmt + 1; i <= k; i++ {
		if m.Indent[i] >= 0 || m.Is(i, ";") && m.Toks[i].Depth == 0 {
			return false
		}
	}
	return true
}

// guardsIn collects the checks in tokens [lo, hi) by the variables they
// read ("v:name", and "a:args.table" for attributes).
func guardsIn(m *python.Module, lo, hi int) map[string][]guard {
	out := map[string][]guard{}
	add := func(gd guard) {
		seen := map[string]bool{}
		for _, r := range m.RefsIn(gd.lo, gd.hi) {
			for _, k := range []string{"v:" + r.Var, "a:" + r.Attr} {
				if len(k) > 2 && !seen[k] {
					seen[k] = true
					out[k] = append(out[k], gd)
				}
			}
		}
	}
	for i := lo; i < hi; i++ {
		if m.Toks[i].Kind != python.Name {
			continue
		}
		switch m.Text(i) {
		case "if", "elif", "while", "assert":
			e := i + 1
			for e < len(m.Toks) && m.Toks[e].Kind != python.Newline && !(m.Toks[e].Depth == m.Toks[i].Depth && m.Is(e, ":") && m.Text(i) != "assert") {
				e++
			}
			add(guard{kw: i, lo: i + 1, hi: e})
		}
		if m.Indent[i] >= 0 || i > 0 && m.Is(i-1, ";") && m.Toks[i-1].Depth == 0 {
			// validate(name), self.check_table(table): a validation call
			// as a statement
			for _, c := range m.CallsIn(i, i+1) {
				if !IsValidatorName(c.Name) {
					continue
				}
				if c.Close+1 >= len(m.Toks) || m.Toks[c.Close+1].Kind == python.Newline || m.Is(c.Close+1, ";") {
					add(guard{kw: i, lo: c.Head, hi: c.Close + 1})
					break
				}
			}
		}
	}
	return out
}
