package pyfacts

import (
	"strconv"
	"strings"

	"github.com/skillvet/skillvet/parse/python"
)

// A command-line tool for a self-hosted service (a code forge, a wiki, a
// CI server) sends requests to whatever server the user points it at: the
// URL comes from an environment variable or a command-line argument, and
// no server is written in the code. Such a destination is the user's
// choice, not the author's: what the tool sends there reaches the service
// the user configured. ConfiguredDest recognises it, strictly: every value
// that can start the URL (decide its host) must be one of those settings,
// with no literal default naming a host, and nothing in the module may
// rewrite them (os.environ writes, parser.set_defaults, sys.argv edits,
// parse_args with an argument list) or divert the request (proxies).

// UserDest names the settings a network destination comes from.
type UserDest struct {
	Env  []string // environment variables (FORGE_URL)
	Args []string // command-line arguments (--url, sys.argv[1])
}

// Desc names the settings for messages: "FORGE_URL or --url".
func (d UserDest) Desc() string {
	var parts []string
	for _, e := range d.Env {
		parts = append(parts, e)
	}
	for _, a := range d.Args {
		parts = append(parts, a)
	}
	return strings.Join(parts, " or ")
}

func (d *UserDest) addEnv(n string) {
	for _, e := range d.Env {
		if e == n {
			return
		}
	}
	d.Env = append(d.Env, n)
}

func (d *UserDest) addArg(n string) {
	for _, a := range d.Args {
		if a == n {
			return
		}
	}
	d.Args = append(d.Args, n)
}

// Bounds of a ConfiguredDest query: expressions walked and nesting of the
// walk (variables, parameters, return values followed).
const (
	cfgBudget   = 512
	cfgMaxDepth = 10
)

// ConfiguredDest reports whether the destination of network call c comes
// only from the user's configuration: the environment (os.getenv,
// os.environ) and command-line arguments (argparse options, sys.argv),
// followed through variables, self attributes, parameters (into the
// arguments the file's calls pass, constructors included), the return
// values of the file's functions, or-defaults, conditional expressions and
// string trimming (url.rstrip("/")). The value that starts the URL decides
// its host; a literal there is allowed only when empty or a bare scheme
// ("https://" + host); the rest of the URL may hold no literal with "@"
// or "://" (which would move the host). A literal default (os.getenv("X",
// "https://…"), add_argument("--url", default="…")) makes the destination
// the author's: not configured. Only requests, httpx, urllib3, aiohttp and
// urllib.request calls are recognised (a connection object's host is
// not), and a module that writes the environment, sets argparse defaults,
// edits sys.argv or configures proxies is never configured.
func ConfiguredDest(m *python.Module, c *python.Call) (UserDest, bool) {
	var d UserDest
	a, ok := destArg(m, c)
	if !ok || cfgTampered(m, c) {
		return d, false
	}
	w := &cfgWalk{m: m, d: &d, seen: map[string]bool{}, budget: cfgBudget}
	if !w.url(a.Start, a.End, 0) || len(d.Env)+len(d.Args) == 0 {
		return d, false
	}
	return d, true
}

// destArg returns the argument of c that holds its destination URL.
func destArg(m *python.Module, c *python.Call) (python.Arg, bool) {
	name := c.Name
	client := HasPrefixAny(name, "requests.", "httpx.", "urllib3.", "aiohttp.")
	if !client && m.Toks[c.Head].Kind == python.Name {
		// s = requests.Session(); s.get(url)
		if r, ok := m.DerivesObject("netobj", m.Text(c.Head), isNetClientRef); ok {
			client = HasPrefixAny(r.Name, "requests.", "httpx.", "urllib3.", "aiohttp.")
		}
	}
	switch {
	case client && LastName(name) == "request":
		return c.Arg(1, "url") // request(method, url)
	case client:
		return c.Arg(0, "url")
	case HasPrefixAny(name, "urllib.request.urlopen", "urllib.request.Request"):
		return c.Arg(0, "url")
	}
	return python.Arg{}, false
}

// cfgTampered reports what makes a configured destination the author's
// after all: the module writes the environment or sys.argv, sets argparse
// defaults, loads a .env file into the environment, or routes requests
// through a proxy.
func cfgTampered(m *python.Module, c *python.Call) bool {
	if _, ok := c.Kwarg("proxies"); ok {
		return true
	}
	if _, ok := c.Kwarg("proxy"); ok {
		return true
	}
	if WritesEnv(m) {
		return true
	}
	for _, r := range m.Refs {
		n := r.Name
		switch LastName(n) {
		case "set_defaults", "proxies", "mount", "set_tunnel", "install_opener", "ProxyHandler":
			return true
		}
		if strings.HasPrefix(n, "sys.argv.") {
			return true // sys.argv.append(…)
		}
		if strings.HasPrefix(n, "sys.argv") && r.End < len(m.Toks) && m.Toks[r.End].Kind == python.Op {
			switch m.Text(r.End) {
			case "=", "+=", "|=":
				return true // sys.argv = […], sys.argv[1] = …
			}
		}
	}
	return false
}

// WritesEnv reports whether module m changes its environment: a write
// EnvWrite sees (items assigned or deleted, update, clear, patch.dict), a
// pop or setdefault whatever becomes of its result, the whole mapping
// rebound, os.putenv/unsetenv, or a .env file loaded into it
// (load_dotenv).
func WritesEnv(m *python.Module) bool {
	for _, r := range m.Refs {
		n := r.Name
		switch LastName(n) {
		case "putenv", "load_dotenv", "unsetenv":
			return true
		}
		if EnvWrite(m, r) || HasPrefixAny(n, "os.environ.setdefault", "os.environ.update", "os.environ.__setitem__", "os.environ.pop") {
			return true // the environment written (EnvWrite), or taken from whatever the result
		}
		if strings.HasPrefix(n, "os.environ") && r.End < len(m.Toks) && m.Toks[r.End].Kind == python.Op {
			switch m.Text(r.End) {
			case "=", "+=", "|=":
				return true // os.environ["X"] = …
			}
		}
	}
	return false
}

type cfgWalk struct {
	m      *python.Module
	d      *UserDest
	seen   map[string]bool
	budget int
}

// trim strips the parentheses around tokens [lo, hi).
func (w *cfgWalk) trim(lo, hi int) (int, int) {
	for lo < hi && w.m.Is(lo, "(") && int(w.m.Match[lo]) == hi-1 {
		lo, hi = lo+1, hi-1
	}
	return lo, hi
}

// split returns the operands of tokens [lo, hi) around the top-level
// tokens named op (or, +).
func (w *cfgWalk) split(lo, hi int, op string) [][2]int {
	m := w.m
	d := m.Toks[lo].Depth
	var out [][2]int
	s := lo
	for k := lo; k < hi; k++ {
		if m.Toks[k].Depth == d && m.Is(k, op) && k > s {
			out = append(out, [2]int{s, k})
			s = k + 1
		}
	}
	return append(out, [2]int{s, hi})
}

// step spends one unit of the walk's budget on an expression at depth
// and reports whether the walk may go on (false: give up, which keeps the
// finding's grade).
func (w *cfgWalk) step(depth int) bool {
	w.budget--
	return w.budget >= 0 && depth <= cfgMaxDepth
}

// topLevel reports whether tokens [lo, hi) hold name at their own depth.
func (w *cfgWalk) topLevel(lo, hi int, name string) bool {
	d := w.m.Toks[lo].Depth
	for k := lo; k < hi; k++ {
		if w.m.Toks[k].Depth == d && w.m.Is(k, name) {
			return true
		}
	}
	return false
}

// url checks a whole URL expression: its head comes from the
// configuration and the rest cannot move the host.
func (w *cfgWalk) url(lo, hi, depth int) bool {
	m := w.m
	if !w.step(depth) {
		return false
	}
	lo, hi = w.trim(lo, hi)
	if lo >= hi {
		return false
	}
	if w.topLevel(lo, hi, "or") {
		for _, p := range w.split(lo, hi, "or") {
			if !w.emptyLit(p[0], p[1]) && !w.url(p[0], p[1], depth+1) {
				return false
			}
		}
		return true
	}
	if w.topLevel(lo, hi, "if") {
		// A if C else B: both values
		d := m.Toks[lo].Depth
		k, e := lo, lo
		for ; k < hi && !(m.Toks[k].Depth == d && m.Is(k, "if")); k++ {
		}
		for e = k; e < hi && !(m.Toks[e].Depth == d && m.Is(e, "else")); e++ {
		}
		if e >= hi {
			return false
		}
		return w.url(lo, k, depth+1) && w.url(e+1, hi, depth+1)
	}
	if w.topLevel(lo, hi, "and") || w.topLevel(lo, hi, "%") || w.topLevel(lo, hi, "lambda") {
		return false
	}
	ops := w.split(lo, hi, "+")
	n := 0
	// leading empty strings and a bare scheme leave the host to what follows
	for n < len(ops)-1 && (w.emptyLit(ops[n][0], ops[n][1]) || w.schemeLit(ops[n][0], ops[n][1])) {
		n++
	}
	if !w.head(ops[n][0], ops[n][1], depth+1) {
		return false
	}
	for _, op := range ops[n+1:] {
		if !w.tail(op[0], op[1], depth+1) {
			return false
		}
	}
	return true
}

// emptyLit reports an empty string literal or None.
func (w *cfgWalk) emptyLit(lo, hi int) bool {
	lo, hi = w.trim(lo, hi)
	if hi-lo == 1 && w.m.Is(lo, "None") {
		return true
	}
	s, ok := w.m.Fold(lo, hi)
	return ok && s == ""
}

// schemeLit reports a literal that is only a scheme ("https://").
func (w *cfgWalk) schemeLit(lo, hi int) bool {
	s, ok := w.m.Fold(lo, hi)
	return ok && (s == "https://" || s == "http://")
}

// movesHost reports a literal that can change the host of a URL it is
// appended to or that names one.
func movesHost(s string) bool {
	if strings.ContainsAny(s, "@\\") || strings.Contains(s, "://") || strings.HasPrefix(s, "//") {
		return true
	}
	h := strings.TrimSpace(s)
	if i := strings.IndexAny(h, "/:?#"); i >= 0 {
		h = h[:i]
	}
	return HostLitRx.MatchString(h)
}

// head checks the value that starts the URL.
func (w *cfgWalk) head(lo, hi, depth int) bool {
	m := w.m
	if !w.step(depth) {
		return false
	}
	lo, hi = w.trim(lo, hi)
	if lo >= hi {
		return false
	}
	if w.topLevel(lo, hi, "or") || w.topLevel(lo, hi, "if") || w.topLevel(lo, hi, "+") {
		return w.url(lo, hi, depth)
	}
	if m.Toks[lo].Kind == python.String {
		return w.fstringHead(lo, hi, depth)
	}
	if _, ok := m.Fold(lo, hi); ok {
		return false // a constant: the author's value
	}
	r, found := w.refAt(lo, hi)
	if !found {
		return false
	}
	switch {
	case IsEnvRef(r):
		return w.env(r, depth)
	case strings.HasPrefix(r.Name, "sys.argv[]"):
		k := "sys.argv"
		if r.Tok+4 < r.End && m.Is(r.Tok+3, "[") && m.Toks[r.Tok+4].Kind == python.Number {
			k = "sys.argv[" + m.Text(r.Tok+4) + "]"
		}
		w.d.addArg(k)
		return true
	case r.Call:
		c := m.CallOf(r)
		if c == nil {
			return false
		}
		switch LastName(r.Name) {
		case "rstrip", "strip", "lstrip", "removesuffix", "removeprefix", "lower", "casefold":
			// url.rstrip("/"): the receiver's value, trimmed
			if c.Open < 2 || !m.Is(c.Open-2, ".") {
				return false
			}
			return w.head(lo, c.Open-2, depth+1)
		}
		if r.Name == "str" && len(c.Args) == 1 && c.Args[0].Keyword == "" {
			return w.head(c.Args[0].Start, c.Args[0].End, depth+1)
		}
		if HasPrefixAny(r.Name, "urllib.request.Request") {
			a, ok := c.Arg(0, "url")
			return ok && w.url(a.Start, a.End, depth+1)
		}
		if r.Var != "" && r.Name == r.Var {
			// a function of the file: every value it returns
			as := m.Assigns[r.Var+"()"]
			if len(as) == 0 || w.seen["ret "+r.Var] {
				return len(as) > 0
			}
			w.seen["ret "+r.Var] = true
			for _, a := range as {
				if a.Aug || !w.url(a.Start, a.End, depth+1) {
					return false
				}
			}
			return true
		}
		return false
	case r.Var != "" && r.Attr != "" && r.Name == r.Attr && !strings.HasPrefix(r.Attr, "self."):
		// opts.url: an option of the parsed command line
		return w.option(r, depth)
	case strings.HasPrefix(r.Attr, "self.") && r.Name == r.Attr:
		as := m.Assigns[r.Attr]
		if len(as) == 0 {
			return false
		}
		if w.seen["attr "+r.Attr] {
			return true
		}
		w.seen["attr "+r.Attr] = true
		for _, a := range as {
			if a.Aug || !w.url(a.Start, a.End, depth+1) {
				return false
			}
		}
		return true
	case r.Var != "" && r.Name == r.Var:
		return w.variable(r, depth, w.url)
	}
	return false
}

// refAt returns the reference that tokens [lo, hi) are: one that spans
// them exactly, or the dotted name that starts a longer one (opts.url in
// opts.url.rstrip("/")).
func (w *cfgWalk) refAt(lo, hi int) (python.Ref, bool) {
	m := w.m
	for _, x := range m.RefsIn(lo, hi) {
		if x.Tok != lo {
			continue
		}
		if x.End == hi {
			return x, true
		}
		if x.End < hi || x.Var == "" || (hi-lo)%2 == 0 {
			return python.Ref{}, false
		}
		// a dotted name: name (. name)*
		for k := lo; k < hi; k++ {
			if (k-lo)%2 == 0 && m.Toks[k].Kind != python.Name || (k-lo)%2 == 1 && !m.Is(k, ".") {
				return python.Ref{}, false
			}
		}
		name := m.Src[m.Toks[lo].Start:m.Toks[hi-1].End]
		r := python.Ref{Name: name, Tok: lo, End: hi, Var: x.Var}
		if hi-lo >= 3 {
			r.Attr = m.Src[m.Toks[lo].Start:m.Toks[lo+2].End]
		}
		return r, true
	}
	return python.Ref{}, false
}

// fstringHead checks an f-string that starts the URL: its first
// replacement field (after a bare scheme, f"https://{host}/api") is the
// head; a literal host before it is the author's.
func (w *cfgWalk) fstringHead(lo, hi, depth int) bool {
	m := w.m
	tk := m.Toks[lo]
	if tk.Flags&python.FlagFormat == 0 || tk.Flags&python.FlagInterp == 0 {
		return false
	}
	src := m.Src[tk.Start:tk.End]
	q := strings.IndexAny(src, `'"`)
	if q < 0 {
		return false
	}
	body := strings.TrimLeft(src[q:], `'"`)
	lead := strings.TrimPrefix(strings.TrimPrefix(body, "https://"), "http://")
	if !strings.HasPrefix(lead, "{") || strings.HasPrefix(lead, "{{") {
		return false
	}
	// the first field: from its brace to the matching one
	open := tk.Start + q + (len(src[q:]) - len(body)) + (len(body) - len(lead))
	level, end := 0, -1
	for i := open; i < tk.End && end < 0; i++ {
		switch m.Src[i] {
		case '{', '(', '[':
			level++
		case '}', ')', ']':
			level--
			if level == 0 {
				end = i
			}
		case '!', ':', '\'', '"':
			if level == 1 {
				return false // a conversion, a format spec or a nested string: not followed
			}
		}
	}
	if end < 0 {
		return false
	}
	flo, fhi := -1, -1
	for k := lo + 1; k < len(m.Toks) && m.Toks[k].Start < end; k++ {
		if m.Toks[k].Start > open {
			if flo < 0 {
				flo = k
			}
			fhi = k + 1
		}
	}
	if flo < 0 || !w.head(flo, fhi, depth+1) {
		return false
	}
	// the rest of the literal must not move the host
	if v, ok := m.Value(lo); ok && movesHost(strings.TrimPrefix(strings.TrimPrefix(v, "https://"), "http://")) {
		return false
	}
	// the other fields and operands of the expression
	return fhi >= hi || w.tail(fhi, hi, depth+1)
}

// env checks a read of the environment: a constant variable name, and a
// default (when there is one) that is empty or configured in turn.
func (w *cfgWalk) env(r python.Ref, depth int) bool {
	m := w.m
	if r.HasKey {
		if r.Call || r.Key == "" {
			return false
		}
		w.d.addEnv(r.Key) // os.environ["X"]
		return true
	}
	if !r.Call || !HasSuffixAny(r.Name, "os.getenv", "os.environ.get") {
		return false
	}
	c := m.CallOf(r)
	if c == nil {
		return false
	}
	k, ok := c.Arg(0, "key")
	if !ok {
		return false
	}
	name, ok := m.Fold(k.Start, k.End)
	if !ok || name == "" {
		return false
	}
	if def, ok := c.Arg(1, "default"); ok && !w.emptyLit(def.Start, def.End) && !w.url(def.Start, def.End, depth+1) {
		return false
	}
	w.d.addEnv(name)
	return true
}

// variable checks a plain variable through what binds it (check), or, for
// a parameter, through the arguments the file's calls pass.
func (w *cfgWalk) variable(r python.Ref, depth int, check func(lo, hi, depth int) bool) bool {
	m := w.m
	if f := m.Enclosing(r.Tok); f != nil {
		if k := m.ParamIndex(f, r.Var); k >= 0 {
			return w.param(f, k, depth, check)
		}
	}
	as, scope := m.Bindings(r.Var, r.Tok)
	if len(as) == 0 || scope < 0 || len(as) > originMaxAssigns {
		return false
	}
	key := r.Var + "@" + strconv.Itoa(scope)
	if w.seen[key] {
		return true
	}
	w.seen[key] = true
	for _, a := range as {
		if a.Aug || !check(a.Start, a.End, depth+1) {
			return false
		}
	}
	return true
}

// param checks parameter k of f: every argument the file passes it (a
// constructor's through calls of its class), and its default. A function
// nothing in the file calls takes its value from an unknown caller.
func (w *cfgWalk) param(f *python.Func, k, depth int, check func(lo, hi, depth int) bool) bool {
	m := w.m
	key := "param " + strconv.Itoa(f.Lo) + " " + strconv.Itoa(k)
	if w.seen[key] {
		return true
	}
	w.seen[key] = true
	var args []python.Arg
	if f.Name == "__init__" && f.Method {
		cls := enclosingClass(m, f)
		if cls == "" {
			return false
		}
		for _, c := range m.Calls {
			if c.Name != cls && !strings.HasSuffix(c.Name, "."+cls) {
				continue
			}
			a, ok := c.Arg(k-1, f.Params[k])
			if !ok || a.Keyword == "*" || a.Keyword == "**" {
				return false
			}
			args = append(args, a)
		}
	} else if !strings.HasPrefix(f.Name, "__") {
		args = m.CallerArgs(f, k)
	}
	if len(args) == 0 || len(args) > maxCfgCallers {
		return false
	}
	for _, a := range args {
		if !check(a.Start, a.End, depth+1) {
			return false
		}
	}
	if lo, hi, ok := paramDefault(m, f, k); ok && !w.emptyLit(lo, hi) && !check(lo, hi, depth+1) {
		return false
	}
	return true
}

// maxCfgCallers bounds the call sites of one parameter followed.
const maxCfgCallers = 16

// enclosingClass returns the name of the class whose body holds method f.
func enclosingClass(m *python.Module, f *python.Func) string {
	ind := m.Indent[f.Lo]
	for i := f.Lo - 1; i >= 0; i-- {
		if m.Indent[i] < 0 || m.Indent[i] >= ind {
			continue
		}
		if m.Is(i, "class") && i+1 < len(m.Toks) && m.Toks[i+1].Kind == python.Name {
			return m.Text(i + 1)
		}
		return ""
	}
	return ""
}

// paramDefault returns the default value of parameter k of f, if any.
func paramDefault(m *python.Module, f *python.Func, k int) (lo, hi int, ok bool) {
	d := f.Lo
	for d < f.Hi && !m.Is(d, "def") {
		d++
	}
	open := d + 2
	if !m.Is(open, "(") || int(m.Match[open]) <= open {
		return 0, 0, false
	}
	cl := int(m.Match[open])
	depth := m.Toks[open].Depth + 1
	n, s := 0, open+1
	for i := open + 1; i <= cl; i++ {
		if i < cl && (m.Toks[i].Depth != depth || !m.Is(i, ",")) {
			continue
		}
		if n == k {
			for j := s; j < i; j++ {
				if m.Toks[j].Depth == depth && m.Is(j, "=") {
					return j + 1, i, true
				}
			}
			return 0, 0, false
		}
		n, s = n+1, i+1
	}
	return 0, 0, false
}

// option checks opts.url: opts must be the parsed command line
// (parser.parse_args() with no argument list), and the option's
// add_argument must have no default or an empty or configured one.
func (w *cfgWalk) option(r python.Ref, depth int) bool {
	m := w.m
	if strings.Count(r.Attr, ".") != 1 {
		return false
	}
	attr := r.Attr[strings.IndexByte(r.Attr, '.')+1:]
	if !w.variable(python.Ref{Name: r.Var, Var: r.Var, Tok: r.Tok, End: r.Tok + 1}, depth, w.parsedArgs) {
		return false
	}
	// the add_argument calls that define it
	found := false
	for _, c := range m.Calls {
		if LastName(c.Name) != "add_argument" {
			continue
		}
		flag, dest := "", ""
		for _, a := range c.Args {
			s, ok := m.Fold(a.Start, a.End)
			switch {
			case a.Keyword == "dest" && ok:
				dest = s
			case a.Keyword == "" && ok && (flag == "" || strings.HasPrefix(s, "--") && !strings.HasPrefix(flag, "--")):
				flag = s
			}
		}
		if dest == "" {
			dest = strings.ReplaceAll(strings.TrimLeft(flag, "-"), "-", "_")
		}
		if dest != attr {
			continue
		}
		found = true
		if def, ok := c.Kwarg("default"); ok && !w.emptyLit(def.Start, def.End) && !w.url(def.Start, def.End, depth+1) {
			return false
		}
		if _, ok := c.Kwarg("const"); ok {
			return false
		}
		w.d.addArg(flag)
	}
	return found
}

// parsedArgs checks that an expression is the parsed command line:
// X.parse_args() with no argument list, or a variable or parameter
// bound only to it.
func (w *cfgWalk) parsedArgs(lo, hi, depth int) bool {
	m := w.m
	if !w.step(depth) {
		return false
	}
	lo, hi = w.trim(lo, hi)
	for _, r := range m.RefsIn(lo, hi) {
		if r.Tok != lo || r.End != hi {
			continue
		}
		if r.Call && LastName(r.Name) == "parse_args" {
			c := m.CallOf(r)
			return c != nil && len(c.Args) == 0
		}
		if !r.Call && r.Var != "" && r.Name == r.Var {
			return w.variable(r, depth, w.parsedArgs)
		}
		return false
	}
	return false
}

// tail checks a part of the URL after its head: no literal in it, or in
// the values of the variables it uses, may move the host, and none of it
// is decoded data.
func (w *cfgWalk) tail(lo, hi, depth int) bool {
	m := w.m
	if !w.step(depth) {
		return false
	}
	if s, ok := m.Fold(lo, hi); ok {
		return !movesHost(s)
	}
	if _, ok := FromDecoded(m, lo, hi); ok {
		return false
	}
	for k := lo; k < hi; k++ {
		if m.Toks[k].Kind != python.String {
			continue
		}
		if v, ok := m.Value(k); ok && movesHost(v) {
			return false
		}
	}
	if depth >= 4 {
		return true // literals further away are paths the helpers build
	}
	ok := true
	EachAssign(m, lo, hi, func(a python.Assign) bool {
		key := "tail " + strconv.Itoa(a.Start)
		if w.seen[key] {
			return false
		}
		w.seen[key] = true
		if !w.tail(a.Start, a.End, depth+1) {
			ok = false
		}
		return !ok
	})
	if !ok {
		return false
	}
	// parameters: what the file's calls pass
	for _, r := range m.RefsIn(lo, hi) {
		if r.Var == "" || r.Name != r.Var {
			continue
		}
		f := m.Enclosing(r.Tok)
		if f == nil {
			continue
		}
		k := m.ParamIndex(f, r.Var)
		if k < 0 {
			continue
		}
		key := "tailparam " + strconv.Itoa(f.Lo) + " " + strconv.Itoa(k)
		if w.seen[key] {
			continue
		}
		w.seen[key] = true
		for _, a := range m.CallerArgs(f, k) {
			if !w.tail(a.Start, a.End, depth+1) {
				return false
			}
		}
	}
	return true
}
