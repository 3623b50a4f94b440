package pyfacts

import (
	"path"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/parse/python"
	"github.com/skillvet/skillvet/skill"
)

// Data flow across the modules of one skill. A stealer split in two —
// collector.py returns ~/.aws/credentials, main.py posts gather() — is one
// program: an imported name (from collector import gather, import
// collector; collector.gather(), from .collector import gather, from
// scripts.collector import Collector) resolves against the skill's own
// .py files, and stands for what its definition yields there (the return
// values of a function or method, a module-level constant) and does there
// (a parameter that reaches a network call). Each module's link and the
// answers about its definitions are memoised on its file, so a module is
// summarised once per skill and query.

// Bounds: the Python files of a skill that are linked, how many imports
// deep a value is followed (A's call to B's function whose result comes
// from C's), and what one function summary looks at.
const (
	maxLinkModules   = 256
	maxLinkDepth     = 3
	maxSummaryFuncs  = 128
	maxSummaryParams = 8
	maxSummarySinks  = 32
	maxSourceChecks  = 256
)

type linkKey struct{}

// link is one module's view of the skill's other modules.
type link struct {
	file  *skill.File
	m     *python.Module
	skill *skill.Skill
	files map[string]*skill.File // the skill's Python files by path

	mu      sync.Mutex
	names   map[string]symResult   // resolved dotted names
	values  map[string]valueResult // answers about this module's definitions
	hits    map[string]Hit         // the remote hit behind a ref of this module, per query
	sends   map[int][]paramSend    // per function (by its first token): parameters that reach a network call
	classes map[string][2]int      // class bodies by name
}

type symResult struct {
	s  symbol
	ok bool
}

type valueResult struct {
	h  Hit
	ok bool
}

// symbol is a definition of a module: a module-level function, a method
// of a class, a module-level constant, or a class.
type symbol struct {
	l      *link
	kind   symKind
	name   string
	lo, hi int // the class body, for methods and classes
}

type symKind int

const (
	symFunc symKind = iota + 1
	symMethod
	symConst
	symClass
)

// display names the definition for messages: gather(), Collector.fetch(),
// TOKEN_PATH.
func (s symbol) display() string {
	switch s.kind {
	case symFunc:
		return s.name + "()"
	case symMethod:
		return className(s.l.m, s.lo) + "." + s.name + "()"
	}
	return s.name
}

// linkOf returns the link of file f of skill s (nil when f is not a
// parsable Python file of the skill).
func linkOf(s *skill.Skill, f *skill.File) *link {
	if s == nil || f == nil || f.Embed != nil {
		return nil
	}
	v, err := f.Memo(linkKey{}, func() (any, error) {
		m, err := analyzer.PythonOf(f)
		if err != nil {
			return nil, err
		}
		l := &link{file: f, m: m, skill: s, files: map[string]*skill.File{},
			names: map[string]symResult{}, values: map[string]valueResult{}, hits: map[string]Hit{}}
		for _, g := range s.Files {
			if g.Kind == skill.KindPython && g.Embed == nil && len(l.files) < maxLinkModules {
				l.files[g.Path] = g
			}
		}
		return l, nil
	})
	if err != nil || v == nil {
		return nil
	}
	return v.(*link)
}

// linkFor returns the link of the pass's file when m is its module.
func linkFor(p *analyzer.Pass, m *python.Module) *link {
	if p == nil {
		return nil
	}
	l := linkOf(p.Skill, p.File)
	if l == nil || l.m != m {
		return nil
	}
	return l
}

// moduleFile finds the file of module modPath (slash-separated) imported
// with dots leading dots: a sibling of the importing file or a module
// from the skill's root (a package's __init__.py included) and, for an
// absolute import that neither holds, the one module of that path
// elsewhere in the skill (a directory the script puts on sys.path).
func (l *link) moduleFile(dots int, modPath string) *skill.File {
	dir := path.Dir(l.file.Path)
	var bases []string
	if dots > 0 {
		b := dir
		for i := 1; i < dots; i++ {
			b = path.Dir(b)
		}
		bases = []string{b}
	} else {
		bases = []string{dir, "."}
	}
	for _, b := range bases {
		p := path.Join(b, modPath)
		if f := l.files[p+".py"]; f != nil {
			return f
		}
		if f := l.files[p+"/__init__.py"]; f != nil {
			return f
		}
	}
	if dots > 0 {
		return nil
	}
	var found *skill.File
	for p, f := range l.files {
		if strings.HasSuffix(p, "/"+modPath+".py") {
			if found != nil {
				return nil // ambiguous
			}
			found = f
		}
	}
	return found
}

// resolve resolves a dotted name as the importing module spells it
// (collector.gather, .collector.gather, scripts.collector.Collector().fetch)
// to a definition of another module of the skill.
func (l *link) resolve(name string, depth int) (symbol, bool) {
	if depth > maxLinkDepth || name == "" {
		return symbol{}, false
	}
	key := strconv.Itoa(depth) + " " + name
	l.mu.Lock()
	e, ok := l.names[key]
	l.mu.Unlock()
	if ok {
		return e.s, e.ok
	}
	e.s, e.ok = l.resolveUncached(name, depth)
	l.mu.Lock()
	l.names[key] = e
	l.mu.Unlock()
	return e.s, e.ok
}

func (l *link) resolveUncached(name string, depth int) (symbol, bool) {
	tl, sym := l.moduleOf(name)
	if tl == nil || sym == "" {
		return symbol{}, false
	}
	return tl.symbolNamed(sym, depth)
}

// moduleOf splits a dotted name into the longest prefix that names
// another module of the skill (its link) and the rest.
func (l *link) moduleOf(name string) (*link, string) {
	dots := 0
	for dots < len(name) && name[dots] == '.' {
		dots++
	}
	parts := strings.Split(name[dots:], ".")
	// from . import collector names collector "..collector": one dot more
	// than the package it comes from
	for _, d := range []int{dots, dots - 1} {
		if d < 0 || d != dots && dots < 2 {
			continue
		}
		for n := len(parts); n >= 1; n-- {
			mod := strings.Join(parts[:n], "/")
			if strings.ContainsAny(mod, "()[") {
				continue
			}
			f := l.moduleFile(d, mod)
			if f == nil || f == l.file {
				continue
			}
			return linkOf(l.skill, f), strings.Join(parts[n:], ".")
		}
	}
	return nil, ""
}

// symbolNamed finds definition sym (gather, Collector().fetch,
// Collector.fetch, TOKEN_PATH) in l's module, following a name the module
// itself imports from another one (a package's __init__ re-exporting).
func (l *link) symbolNamed(sym string, depth int) (symbol, bool) {
	m := l.m
	head, rest, method := strings.Cut(sym, ".")
	cls := strings.TrimSuffix(head, "()")
	if method {
		if strings.ContainsAny(rest, ".([") {
			return symbol{}, false
		}
		if r, ok := l.classRange(cls); ok {
			return symbol{l: l, kind: symMethod, name: rest, lo: r[0], hi: r[1]}, true
		}
	} else {
		switch {
		case m.Defs[sym]:
			return symbol{l: l, kind: symFunc, name: sym}, true
		case strings.Contains(sym, "()"):
			return symbol{}, false
		}
		if r, ok := l.classRange(sym); ok {
			return symbol{l: l, kind: symClass, name: sym, lo: r[0], hi: r[1]}, true
		}
		for _, a := range m.Assigns[sym] {
			if m.Enclosing(a.Tok) == nil {
				return symbol{l: l, kind: symConst, name: sym}, true
			}
		}
	}
	if q, ok := m.Aliases[cls]; ok {
		return l.resolve(q+sym[len(cls):], depth+1)
	}
	return symbol{}, false
}

// classRange returns the tokens of class name's body at module level.
func (l *link) classRange(name string) ([2]int, bool) {
	l.mu.Lock()
	if l.classes == nil {
		l.classes = classBodies(l.m)
	}
	r, ok := l.classes[name]
	l.mu.Unlock()
	return r, ok
}

// classBodies finds the module-level classes of m.
func classBodies(m *python.Module) map[string][2]int {
	out := map[string][2]int{}
	n := len(m.Toks)
	for i := 0; i+1 < n; i++ {
		if m.Indent[i] != 0 || !m.Is(i, "class") || m.Toks[i+1].Kind != python.Name {
			continue
		}
		end := i + 1
		for end < n && !(m.Indent[end] == 0) {
			end++
		}
		out[m.Text(i+1)] = [2]int{i, end}
	}
	return out
}

// className is the name of the class whose body starts at token lo.
func className(m *python.Module, lo int) string {
	if lo+1 < len(m.Toks) {
		return m.Text(lo + 1)
	}
	return "?"
}

// symbolOf resolves a reference of l's module to a definition of another
// module: an imported name, or a method called on a variable holding an
// instance of an imported class (c = Collector(); c.fetch()).
func (l *link) symbolOf(r python.Ref) (symbol, bool) {
	m := l.m
	if r.Var == "" {
		if r.Tok >= len(m.Toks) || m.Toks[r.Tok].Kind != python.Name {
			return symbol{}, false
		}
		q, ok := m.Aliases[m.Text(r.Tok)]
		if !ok || !strings.HasPrefix(r.Name, q) {
			return symbol{}, false
		}
		return l.resolve(r.Name, 0)
	}
	if !r.Call || !strings.HasPrefix(r.Name, r.Var+".") {
		return symbol{}, false
	}
	meth := r.Name[len(r.Var)+1:]
	if strings.ContainsAny(meth, ".([") {
		return symbol{}, false
	}
	as := ScopedAssigns(m, r.Var, r.Tok)
	if len(as) != 1 || as[0].Aug {
		return symbol{}, false
	}
	refs := m.RefsIn(as[0].Start, as[0].End)
	if len(refs) == 0 || !refs[0].Call || refs[0].Var != "" || refs[0].Tok != as[0].Start {
		return symbol{}, false
	}
	s, ok := l.symbolOf(refs[0])
	if !ok || s.kind != symClass {
		return symbol{}, false
	}
	return symbol{l: s.l, kind: symMethod, name: meth, lo: s.lo, hi: s.hi}, true
}

// valueRanges returns the expressions whose values definition s yields:
// the return values of a function or method, the module-level
// assignments of a constant.
func (s symbol) valueRanges() []python.Assign {
	m := s.l.m
	var out []python.Assign
	switch s.kind {
	case symFunc:
		for _, a := range m.Assigns[s.name+"()"] {
			if f := m.Enclosing(a.Tok); f != nil && f.Name == s.name && m.Indent[f.Lo] == 0 {
				out = append(out, a)
			}
		}
	case symMethod:
		for _, a := range m.Assigns[s.name+"()"] {
			if a.Tok >= s.lo && a.Tok < s.hi {
				out = append(out, a)
			}
		}
	case symConst:
		for _, a := range m.Assigns[s.name] {
			if m.Enclosing(a.Tok) == nil {
				out = append(out, a)
			}
		}
	}
	return out
}

// Hit is where a value that reaches a sink comes from: a reference in
// the module of the query (Path empty), or in another module of the
// skill, reached through an imported definition (Via).
type Hit struct {
	Ref  python.Ref
	M    *python.Module // the module holding Ref
	Path string         // its file when it is another module, else ""
	Via  string         // the imported definition the value comes through (gather(), TOKEN_PATH)
}

// Remote reports whether the hit is in another module.
func (h Hit) Remote() bool { return h.Path != "" }

// Where is " (returned by gather() in scripts/collector.py, line 3)" for a
// hit in another module, "" for a local one.
func (h Hit) Where() string {
	if !h.Remote() {
		return ""
	}
	return " (" + h.Via + " in " + h.Path + ", line " + LineOf(h.M, h.Ref.Tok) + ")"
}

// PredFor builds a Derives predicate for one module; a query across
// modules asks it of every module it enters.
type PredFor func(m *python.Module) func(python.Ref) bool

// DerivesAcross is m.Derives extended to the skill's other modules: a
// reference to a definition imported from one of them (a call of its
// function, its constant) derives from what that definition yields
// there, followed up to maxLinkDepth imports deep. key names pred as for
// Derives. The returned hit says where the matching reference is.
func DerivesAcross(p *analyzer.Pass, m *python.Module, key string, lo, hi int, pred PredFor) (Hit, bool) {
	l := linkFor(p, m)
	if l == nil {
		r, ok := m.Derives(key, lo, hi, pred(m))
		return Hit{Ref: r, M: m}, ok
	}
	r, ok := m.Derives(key+"\x00x0", lo, hi, l.pred(key, pred, 0))
	if !ok {
		return Hit{}, false
	}
	return l.hitFor(key, 0, r), true
}

func hitKey(key string, depth, tok int) string {
	return key + "\x00" + strconv.Itoa(depth) + "\x00" + strconv.Itoa(tok)
}

// hitFor returns the hit behind reference r that l.pred accepted.
func (l *link) hitFor(key string, depth int, r python.Ref) Hit {
	l.mu.Lock()
	h, ok := l.hits[hitKey(key, depth, r.Tok)]
	l.mu.Unlock()
	if ok {
		return h
	}
	return Hit{Ref: r, M: l.m}
}

// pred is the predicate of a query across modules in l's module at
// depth: the module's own, or a reference to another module's definition
// whose value derives from what the query looks for there.
func (l *link) pred(key string, pred PredFor, depth int) func(python.Ref) bool {
	local := pred(l.m)
	return func(r python.Ref) bool {
		if local(r) {
			return true
		}
		if depth >= maxLinkDepth {
			return false
		}
		s, ok := l.symbolOf(r)
		if !ok || s.kind == symClass {
			return false
		}
		h, ok := s.l.value(s, key, pred, depth+1)
		if !ok {
			return false
		}
		l.mu.Lock()
		l.hits[hitKey(key, depth, r.Tok)] = h
		l.mu.Unlock()
		return true
	}
}

// value answers whether what definition s of l's module yields derives
// from what pred accepts (in this module or, through its own imports,
// further on).
func (l *link) value(s symbol, key string, pred PredFor, depth int) (Hit, bool) {
	vk := key + "\x00" + strconv.Itoa(depth) + "\x00" + strconv.Itoa(int(s.kind)) + "\x00" + s.name + "\x00" + strconv.Itoa(s.lo)
	// no in-progress mark: another pass may ask the same concurrently, and
	// the depth bound ends cycles (A imports B imports A)
	l.mu.Lock()
	e, ok := l.values[vk]
	l.mu.Unlock()
	if ok {
		return e.h, e.ok
	}
	dk := key + "\x00x" + strconv.Itoa(depth)
	p := l.pred(key, pred, depth)
	for _, a := range s.valueRanges() {
		if r, ok := l.m.Derives(dk, a.Start, a.End, p); ok {
			e = valueResult{l.hitFor(key, depth, r), true}
			if !e.h.Remote() {
				e.h.Path, e.h.Via = l.file.Path, s.display()
			}
			break
		}
	}
	l.mu.Lock()
	l.values[vk] = e
	l.mu.Unlock()
	return e.h, e.ok
}

// paramSend is a parameter of a function that reaches a network call of
// its module.
type paramSend struct {
	param int          // index among the function's parameters (self included)
	sink  *python.Call // the network call
	arg   python.Arg   // the argument of sink it reaches
	url   int          // the parameter that supplies sink's URL, or -1
}

// paramSends summarises function f of l's module: which of its
// parameters reach a network call (directly, through local variables and
// helpers, or through self attributes another method sends).
func (l *link) paramSends(f *python.Func) []paramSend {
	l.mu.Lock()
	if l.sends == nil {
		l.sends = map[int][]paramSend{}
	}
	out, ok := l.sends[f.Lo]
	l.mu.Unlock()
	if ok {
		return out
	}
	m := l.m
	var sinks []*python.Call
	for _, c := range m.Calls {
		if NetSink(m, c) && len(sinks) < maxSummarySinks {
			sinks = append(sinks, c)
		}
	}
	for k, name := range f.Params {
		if k >= maxSummaryParams || len(sinks) == 0 {
			break
		}
		if name == "" || name == "self" || name == "cls" {
			continue
		}
		key := "xparam " + strconv.Itoa(f.Lo) + " " + strconv.Itoa(k)
		pred := func(r python.Ref) bool { return r.Var == name && r.Tok >= f.Lo && r.Tok < f.Hi }
		for _, c := range sinks {
			for _, a := range c.Args {
				if _, ok := m.Derives(key, a.Start, a.End, pred); ok {
					out = append(out, paramSend{param: k, sink: c, arg: a, url: urlParam(m, f, c)})
					break
				}
			}
		}
	}
	l.mu.Lock()
	l.sends[f.Lo] = out
	l.mu.Unlock()
	return out
}

// urlParam returns the parameter of f that is sink's URL argument as it
// stands (requests.post(url, ...) in def send(url, data)), or -1.
func urlParam(m *python.Module, f *python.Func, c *python.Call) int {
	a, ok := c.Arg(0, "url")
	if !ok || a.End != a.Start+1 || m.Toks[a.Start].Kind != python.Name {
		return -1
	}
	if c.Head < f.Lo || c.Head >= f.Hi {
		return -1
	}
	return m.ParamIndex(f, m.Text(a.Start))
}

// funcOf returns the function definition s names: a module-level def, or
// a method of its class.
func (s symbol) funcOf() *python.Func {
	m := s.l.m
	fs := m.Funcs()
	for i := range fs {
		f := &fs[i]
		if f.Name != s.name {
			continue
		}
		switch {
		case s.kind == symFunc && m.Indent[f.Lo] == 0:
			return f
		case s.kind == symMethod && f.Lo > s.lo && f.Lo < s.hi && m.Indent[f.Lo] > 0 && m.Enclosing(f.Lo) == f:
			return f
		}
	}
	return nil
}

// A Send is a network call in another module of the skill that a value
// of this one reaches.
type Send struct {
	// Arg is the argument of the call in this module that carries the
	// value out (for RemoteSends); empty for SentElsewhere.
	Arg  python.Arg
	Call *python.Call   // the network call
	M    *python.Module // its module
	Path string         // its file
	Via  string         // how the value gets there: send(), gather()
	// URL is the destination when it can be told (SinkURL of the call,
	// or the URL the caller passes).
	URL string
	// Keyword is the keyword of the network call's argument the value
	// reaches ("headers", "data"; "" for a positional one).
	Keyword string
}

// Where is "scripts/uploader.py, line 7" for messages.
func (s Send) Where() string { return s.Path + ", line " + LineOf(s.M, s.Call.Head) }

// RemoteSends returns, for call c of the pass's module m, the network
// calls of other modules of the skill its arguments reach: c calls an
// imported function (or a method of an imported class's instance) that
// sends one of its parameters.
func RemoteSends(p *analyzer.Pass, m *python.Module, c *python.Call) []Send {
	l := linkFor(p, m)
	if l == nil {
		return nil
	}
	return l.remoteSends(c)
}

func (l *link) remoteSends(c *python.Call) []Send {
	m := l.m
	var r python.Ref
	found := false
	for _, x := range m.RefsIn(c.Head, c.Open) {
		if x.Call && m.CallOf(x) == c {
			r, found = x, true
			break
		}
	}
	if !found {
		return nil
	}
	s, ok := l.symbolOf(r)
	if !ok || s.kind != symFunc && s.kind != symMethod {
		return nil
	}
	f := s.funcOf()
	if f == nil {
		return nil
	}
	var out []Send
	for _, ps := range s.l.paramSends(f) {
		pos := ps.param
		if f.Method {
			pos--
		}
		a, ok := c.Arg(pos, f.Params[ps.param])
		if !ok || a.Keyword == "*" || a.Keyword == "**" {
			continue
		}
		u := SinkURL(s.l.m, ps.sink)
		if u == "" && ps.url >= 0 {
			upos := ps.url
			if f.Method {
				upos--
			}
			if ua, ok := c.Arg(upos, f.Params[ps.url]); ok {
				if v, ok := m.Fold(ua.Start, ua.End); ok {
					u = v
				} else {
					u = urlIn(m, ua.Start, ua.End, 2, false)
				}
			}
		}
		out = append(out, Send{Arg: a, Call: ps.sink, M: s.l.m, Path: s.l.file.Path, Via: s.display(), URL: u, Keyword: ps.arg.Keyword})
	}
	return out
}

// SentElsewhere returns the network calls of other modules of the skill
// that the value of call src of the pass's module m reaches: src's value
// is what a function (or method, or module-level constant) of m yields,
// and a module that imports it passes it to a network call, or to a
// function of a third module that sends it.
func SentElsewhere(p *analyzer.Pass, m *python.Module, src *python.Call) []Send {
	l := linkFor(p, m)
	if l == nil || len(l.files) < 2 {
		return nil
	}
	key := "flow:" + strconv.Itoa(src.Open)
	from := func(r python.Ref) bool { return r.Call && m.CallOf(r) == src }
	defs := l.yielding(key, from)
	if len(defs) == 0 {
		return nil
	}
	paths := make([]string, 0, len(l.files))
	for p := range l.files {
		if p != l.file.Path {
			paths = append(paths, p)
		}
	}
	sort.Strings(paths)
	var out []Send
	for _, path := range paths {
		ol := linkOf(l.skill, l.files[path])
		if ol == nil || !ol.imports(l) {
			continue
		}
		om := ol.m
		okey := "xsrc " + l.file.Path + " " + strconv.Itoa(src.Open)
		match := func(r python.Ref) bool {
			s, ok := ol.symbolOf(r)
			return ok && s.l == l && defs[s.kind.String()+s.name]
		}
		for _, c := range om.Calls {
			if NetSink(om, c) {
				for _, a := range c.Args {
					if _, ok := om.Derives(okey, a.Start, a.End, match); ok {
						out = append(out, Send{Call: c, M: om, Path: path, URL: SinkURL(om, c), Keyword: a.Keyword})
						break
					}
				}
				continue
			}
			for _, s := range ol.remoteSends(c) {
				if s.Path == l.file.Path {
					continue
				}
				if _, ok := om.Derives(okey, s.Arg.Start, s.Arg.End, match); ok {
					out = append(out, s)
				}
			}
		}
	}
	return out
}

func (k symKind) String() string { return strconv.Itoa(int(k)) + ":" }

// imports reports whether l's module imports a definition of o's.
func (l *link) imports(o *link) bool {
	for _, q := range l.m.Aliases {
		if t, _ := l.moduleOf(q); t == o {
			return true
		}
	}
	return false
}

// yielding lists the definitions of l's module whose value derives from
// what from accepts (key names from): module-level functions, methods,
// module-level constants, by kind and name.
func (l *link) yielding(key string, from func(python.Ref) bool) map[string]bool {
	m := l.m
	out := map[string]bool{}
	checks := 0
	classes := func() map[string][2]int {
		l.mu.Lock()
		defer l.mu.Unlock()
		if l.classes == nil {
			l.classes = classBodies(m)
		}
		return l.classes
	}()
	fs := m.Funcs()
	for i := range fs {
		if i == maxSummaryFuncs {
			break
		}
		f := &fs[i]
		kind := symFunc
		if m.Indent[f.Lo] != 0 {
			kind = 0
			for _, r := range classes {
				if f.Lo > r[0] && f.Lo < r[1] && m.Enclosing(f.Lo) == f {
					kind = symMethod
				}
			}
			if kind == 0 {
				continue
			}
		}
		for _, a := range m.Assigns[f.Name+"()"] {
			if checks++; checks > maxSourceChecks {
				return out
			}
			if m.Enclosing(a.Tok) != f {
				continue
			}
			if _, ok := m.Derives(key, a.Start, a.End, from); ok {
				out[kind.String()+f.Name] = true
				break
			}
		}
	}
	names := make([]string, 0, len(m.Assigns))
	for name := range m.Assigns {
		if !strings.ContainsAny(name, ".()[") {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	for _, name := range names {
		for _, a := range m.Assigns[name] {
			if m.Enclosing(a.Tok) != nil || a.Start >= a.End {
				continue
			}
			if checks++; checks > maxSourceChecks {
				return out
			}
			if _, ok := m.Derives(key, a.Start, a.End, from); ok {
				out[symConst.String()+name] = true
				break
			}
		}
	}
	return out
}

// PathAcross is PathOf that also renders the constants the expression
// imports from other modules of the skill (from settings import
// TOKEN_PATH; open(TOKEN_PATH)), as their own module writes them, and
// those of the variables it uses (one assignment level).
func PathAcross(p *analyzer.Pass, m *python.Module, a, b, depth int) []string {
	out := PathOf(m, a, b, depth)
	l := linkFor(p, m)
	if l == nil {
		return out
	}
	add := func(lo, hi int) {
		for _, r := range m.RefsIn(lo, hi) {
			if r.Var != "" || r.Call {
				continue
			}
			s, ok := l.symbolOf(r)
			if !ok || s.kind != symConst {
				continue
			}
			for _, as := range s.valueRanges() {
				out = append(out, PathOf(s.l.m, as.Start, as.End, depth)...)
			}
		}
	}
	add(a, b)
	EachAssign(m, a, b, func(as python.Assign) bool {
		add(as.Start, as.End)
		return false
	})
	return out
}

// DefinitionsHolding returns the definitions of m whose value can hold
// the value of token tok: module-level names bound to an expression that
// contains it ("PAYLOADS"), functions returning one ("payloads()"), and
// module-level names and functions built from those (ALL = PAYLOADS +
// EXTRA), a few levels deep.
func DefinitionsHolding(m *python.Module, tok int) map[string]bool {
	out := map[string]bool{}
	top := func(name string, a python.Assign) bool {
		return strings.HasSuffix(name, "()") || m.Enclosing(a.Tok) == nil
	}
	for name, as := range m.Assigns {
		for _, a := range as {
			if a.Start <= tok && tok < a.End && top(name, a) {
				out[name] = true
			}
		}
	}
	for round := 0; round < 4 && len(out) > 0; round++ {
		grew := false
		for name, as := range m.Assigns {
			if out[name] {
				continue
			}
			for _, a := range as {
				if !top(name, a) {
					continue
				}
				for _, r := range m.RefsIn(a.Start, a.End) {
					if r.Var != "" && out[r.Var] || r.Call && out[LastName(r.Name)+"()"] {
						out[name], grew = true, true
						break
					}
				}
				if out[name] {
					break
				}
			}
		}
		if !grew {
			break
		}
	}
	return out
}

// ImportedElsewhere reports whether another Python module of the skill
// can use one of the definitions of the pass's module m named in defs (as
// DefinitionsHolding names them): it imports it (from m import NAME,
// import m; m.NAME, m.payloads()) or everything the module defines
// (from m import *).
func ImportedElsewhere(p *analyzer.Pass, m *python.Module, defs map[string]bool) bool {
	l := linkFor(p, m)
	if l == nil || len(l.files) < 2 || len(defs) == 0 {
		return false
	}
	for path, f := range l.files {
		if path == l.file.Path {
			continue
		}
		ol := linkOf(l.skill, f)
		if ol == nil {
			continue
		}
		for _, star := range ol.m.StarImports {
			if t, _ := ol.moduleOf(star); t == l {
				return true
			}
		}
		if !ol.imports(l) {
			continue
		}
		for _, r := range ol.m.Refs {
			if r.Var != "" {
				continue
			}
			s, ok := ol.symbolOf(r)
			if !ok || s.l != l {
				continue
			}
			if s.kind == symConst && defs[s.name] || s.kind == symFunc && defs[s.name+"()"] {
				return true
			}
		}
	}
	return false
}
