package python

import (
	"slices"
	"sort"
	"strconv"
	"strings"
)

type derEntry struct {
	ref Ref
	ok  bool
}

// Derives reports whether the expression in tokens [start, end) derives
// from a reference that pred accepts: directly, or through the variables it
// uses (followed through the assignments that can reach them,
// flow-insensitively), attributes of self, parameters (into what callers
// pass) and the return values of functions defined in the file, across
// up to maxCallHops function boundaries. key names pred for memoisation:
// the same key must always mean the same predicate. The matching
// reference is returned.
func (m *Module) Derives(key string, start, end int, pred func(Ref) bool) (Ref, bool) {
	return m.derives(walk{key: key, pred: pred, seen: map[string]bool{}}, start, end)
}

// DerivesVar is Derives for the value of a variable.
func (m *Module) DerivesVar(key, name string, pred func(Ref) bool) (Ref, bool) {
	return m.follow(walk{key: key, pred: pred, seen: map[string]bool{}}, name)
}

// DerivesObject is DerivesVar for which object a variable holds rather
// than which data went into it: the result of a method call is a new
// object, not its receiver (response = client.post(...) holds a response,
// error = response["error"] a part of it; neither is the client). The
// method's name is still followed into functions of the file that carry
// it, and a plain read of a variable or attribute (s = self.session) stays
// the object it holds.
func (m *Module) DerivesObject(key, name string, pred func(Ref) bool) (Ref, bool) {
	return m.follow(walk{key: "\x00object " + key, pred: pred, seen: map[string]bool{}, object: true}, name)
}

// walk is one Derives query: the predicate, its memo key, the bindings
// already on the path, and how many calls out through parameters it went.
type walk struct {
	key  string
	pred func(Ref) bool
	seen map[string]bool
	hops int
	// object: a method call's result is not its receiver (DerivesObject)
	object bool
}

// maxCallHops bounds how many function boundaries a value is followed
// across, into callers' arguments or out of return values: a helper's
// argument, a helper's result, and one more. Further out, flow-insensitive,
// key-insensitive following ties everything a large script computes to
// everything else.
const maxCallHops = 3

func (m *Module) derives(w walk, start, end int) (Ref, bool) {
	refs := m.RefsIn(start, end)
	skip := m.settingArgs(start, end)
	for _, r := range refs {
		// a lookup in a table of constants (ENGINES[name]["script"],
		// COLUMNS.get(key)): whatever the key, the value is one of the
		// table's constants
		if r.Var != "" && (strings.HasPrefix(r.Name, r.Var+"[") || r.Call && r.Name == r.Var+".get" && m.singleArg(r)) &&
			m.ConstContainer(r.Var, r.Tok) {
			skip = append(skip, [2]int{r.Tok, r.End})
		}
	}
	for _, r := range refs {
		if w.pred(r) && !inSpans(r.Tok, skip) {
			return r, true
		}
	}
	for _, r := range refs {
		if inSpans(r.Tok, skip) {
			continue
		}
		if r.Var != "" && !(w.object && r.Call && strings.Contains(r.Name, ".")) {
			if got, ok := m.followVar(w, r); ok {
				return got, true
			}
		}
		for _, v := range followNames(r) {
			if v == r.Var || w.object && r.Call && v == r.Attr && strings.Contains(r.Name, ".") {
				continue
			}
			fw := w
			if strings.HasSuffix(v, "()") {
				// a function's return values: another call out
				if w.hops >= maxCallHops {
					continue
				}
				fw.hops++
			}
			if got, ok := m.follow(fw, v); ok {
				return got, true
			}
		}
	}
	return Ref{}, false
}

// settingKeywords are keyword arguments that configure a call (the child
// process's environment, a request's headers) rather than feed the value
// it returns: subprocess.run(cmd, env=os.environ).stdout is the program's
// output, not the environment.
var settingKeywords = map[string]bool{"env": true, "cwd": true, "timeout": true, "headers": true, "auth": true,
	"verify": true, "cert": true, "proxies": true, "check": true, "capture_output": true, "text": true,
	"encoding": true, "stdout": true, "stderr": true, "shell": true}

// settingArgs returns the token spans of setting keyword arguments of the
// calls whose parentheses open inside [start, end).
func (m *Module) settingArgs(start, end int) [][2]int {
	var out [][2]int
	k := sort.Search(len(m.Calls), func(k int) bool { return m.Calls[k].Open >= start })
	for ; k < len(m.Calls) && m.Calls[k].Open < end; k++ {
		for _, a := range m.Calls[k].Args {
			if settingKeywords[a.Keyword] {
				out = append(out, [2]int{a.Start, a.End})
			}
		}
	}
	return out
}

func inSpans(tok int, spans [][2]int) bool {
	for _, sp := range spans {
		if tok >= sp[0] && tok < sp[1] {
			return true
		}
	}
	return false
}

// followVar follows a plain variable: for a parameter its function never
// rebinds, into what the callers pass; otherwise into the bindings that
// can reach the use.
func (m *Module) followVar(w walk, r Ref) (Ref, bool) {
	if f := m.Enclosing(r.Tok); f != nil {
		if k := m.ParamIndex(f, r.Var); k >= 0 {
			return m.fromCallers(w, f, k)
		}
	}
	return m.followAt(w, r.Var, r.Tok)
}

// fromCallers follows parameter k of f into the arguments its callers pass.
func (m *Module) fromCallers(w walk, f *Func, k int) (Ref, bool) {
	if w.hops >= maxCallHops {
		return Ref{}, false
	}
	sk := "\x00param " + f.Name + " " + strconv.Itoa(f.Lo) + " " + strconv.Itoa(k)
	if w.seen[sk] {
		return Ref{}, false
	}
	w.seen[sk] = true
	w.hops++
	for _, a := range m.CallerArgs(f, k) {
		if r, ok := m.derives(w, a.Start, a.End); ok {
			return r, true
		}
	}
	return Ref{}, false
}

// followNames lists the assigned names a reference reads.
func followNames(r Ref) []string {
	var out []string
	if r.Attr != "" {
		out = append(out, r.Attr)
	}
	if r.Var != "" {
		out = append(out, r.Var)
	}
	if r.Call {
		n := r.Name
		if i := strings.LastIndexByte(n, '.'); i >= 0 {
			n = n[i+1:]
		}
		out = append(out, n+"()")
	}
	return out
}

func (m *Module) follow(w walk, name string) (Ref, bool) {
	return m.followSet(w, name, m.Assigns[name])
}

// followAt follows the bindings of variable name that can reach a use at
// token use (Bindings), memoised per scope.
func (m *Module) followAt(w walk, name string, use int) (Ref, bool) {
	as, scope := m.Bindings(name, use)
	id := name
	if scope >= 0 {
		id = name + "@" + strconv.Itoa(scope)
	}
	return m.followSet(w, id, as)
}

func (m *Module) followSet(w walk, id string, as []Assign) (Ref, bool) {
	if w.seen[id] {
		return Ref{}, false
	}
	w.seen[id] = true
	mk := w.key + "\x00" + id + "\x00" + strconv.Itoa(w.hops)
	m.mu.Lock()
	e, ok := m.derMemo[mk]
	m.mu.Unlock()
	if ok {
		return e.ref, e.ok
	}
	var res derEntry
	for _, a := range as {
		if r, ok := m.derives(w, a.Start, a.End); ok {
			res = derEntry{r, true}
			break
		}
	}
	m.mu.Lock()
	m.derMemo[mk] = res
	m.mu.Unlock()
	return res.ref, res.ok
}

// Bindings returns the assignments of name that can reach a use at token
// use: those in the same function body when it has any; none for a
// parameter of that function the body never rebinds (its value is the
// caller's); else those at module level; else all of them (a global set
// in some function). scope names the set chosen: 1 + the function's index
// for its own bindings, 0 for module level, -1 for all. Module-wide name
// matching would tie a local "cmd" in one function to an unrelated "cmd"
// in another.
func (m *Module) Bindings(name string, use int) ([]Assign, int) {
	all := m.Assigns[name]
	if len(all) == 0 {
		return nil, -1
	}
	if len(all) <= bindingsMemoMin {
		return m.bindings(name, all, m.funcIndex(use))
	}
	// a name bound many times: filtering its bindings on every use
	// would be quadratic
	key := bindKey{name, m.funcIndex(use)}
	m.mu.Lock()
	e, ok := m.bindMemo[key]
	m.mu.Unlock()
	if !ok {
		e.as, e.scope = m.bindings(name, all, key.fi)
		m.mu.Lock()
		if m.bindMemo == nil {
			m.bindMemo = map[bindKey]bindEntry{}
		}
		m.bindMemo[key] = e
		m.mu.Unlock()
	}
	return e.as, e.scope
}

// bindingsMemoMin is the number of bindings of a name above which
// Bindings remembers its answers.
const bindingsMemoMin = 16

type bindKey struct {
	name string
	fi   int
}

type bindEntry struct {
	as    []Assign
	scope int
}

// bindings is Bindings for the bindings all of name, at a use in
// function fi (-1 at module level).
func (m *Module) bindings(name string, all []Assign, fi int) ([]Assign, int) {
	fs := m.Funcs()
	var f *Func
	if fi >= 0 {
		f = &fs[fi]
		var local []Assign
		for _, a := range all {
			if m.funcIndex(a.Tok) == fi {
				local = append(local, a)
			}
		}
		if len(local) > 0 {
			return local, fi + 1
		}
		if slices.Contains(f.Params, name) {
			return nil, fi + 1
		}
	}
	var module []Assign
	for _, a := range all {
		if m.funcIndex(a.Tok) < 0 {
			module = append(module, a)
		}
	}
	if len(module) > 0 {
		return module, 0
	}
	return all, -1
}

// singleArg reports whether the call reference r passes exactly one
// argument (COLUMNS.get(key), no default that could come from elsewhere).
func (m *Module) singleArg(r Ref) bool {
	k := sort.Search(len(m.Calls), func(k int) bool { return m.Calls[k].Open >= r.Tok })
	for ; k < len(m.Calls) && m.Calls[k].Open < r.End; k++ {
		if c := m.Calls[k]; c.Head == r.Tok {
			return len(c.Args) == 1
		}
	}
	return false
}

// ConstContainer reports whether variable name, at a use at token use, is
// bound only to container literals of constants (ALLOWED = {"a", "b"},
// COLUMNS = {"name": "n.name"}): what is looked up in it is one of them.
func (m *Module) ConstContainer(name string, use int) bool {
	as, _ := m.Bindings(name, use)
	if len(as) == 0 {
		return false
	}
	for _, a := range as {
		if a.Aug || a.End-a.Start < 2 {
			return false
		}
		s := a.Start
		if m.Is(s, "frozenset") || m.Is(s, "set") || m.Is(s, "tuple") || m.Is(s, "dict") {
			s++
		}
		if !(m.Is(s, "{") || m.Is(s, "[") || m.Is(s, "(")) || int(m.Match[s]) != a.End-1 {
			return false
		}
		for k := s + 1; k < a.End-1; k++ {
			if tk := m.Toks[k]; tk.Kind == Name && !m.Is(k, "True") && !m.Is(k, "False") && !m.Is(k, "None") {
				return false
			}
		}
	}
	return true
}
