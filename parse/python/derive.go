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
// uses (followed through every assignment, flow-insensitively), attributes
// of self, and the return values of functions defined in the file. key
// names pred for memoisation: the same key must always mean the same
// predicate. The matching reference is returned.
func (m *Module) Derives(key string, start, end int, pred func(Ref) bool) (Ref, bool) {
	return m.derives(key, start, end, pred, map[string]bool{})
}

// DerivesVar is Derives for the value of a variable.
func (m *Module) DerivesVar(key, name string, pred func(Ref) bool) (Ref, bool) {
	return m.follow(key, name, pred, map[string]bool{})
}

func (m *Module) derives(key string, start, end int, pred func(Ref) bool, seen map[string]bool) (Ref, bool) {
	refs := m.RefsIn(start, end)
	skip := m.settingArgs(start, end)
	for _, r := range refs {
		if pred(r) && !inSpans(r.Tok, skip) {
			return r, true
		}
	}
	for _, r := range refs {
		if inSpans(r.Tok, skip) {
			continue
		}
		if r.Var != "" {
			if got, ok := m.followVar(key, r, pred, seen); ok {
				return got, true
			}
		}
		for _, v := range followNames(r) {
			if v == r.Var {
				continue
			}
			if got, ok := m.follow(key, v, pred, seen); ok {
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
func (m *Module) followVar(key string, r Ref, pred func(Ref) bool, seen map[string]bool) (Ref, bool) {
	if f := m.Enclosing(r.Tok); f != nil {
		if k := m.ParamIndex(f, r.Var); k >= 0 {
			return m.fromCallers(key, f, k, pred, seen)
		}
	}
	return m.followAt(key, r.Var, r.Tok, pred, seen)
}

// fromCallers follows parameter k of f into the arguments its callers pass.
func (m *Module) fromCallers(key string, f *Func, k int, pred func(Ref) bool, seen map[string]bool) (Ref, bool) {
	sk := "\x00param " + f.Name + " " + strconv.Itoa(f.Lo) + " " + strconv.Itoa(k)
	if seen[sk] {
		return Ref{}, false
	}
	seen[sk] = true
	for _, a := range m.CallerArgs(f, k) {
		if r, ok := m.derives(key, a.Start, a.End, pred, seen); ok {
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

func (m *Module) follow(key, name string, pred func(Ref) bool, seen map[string]bool) (Ref, bool) {
	return m.followSet(key, name, name, m.Assigns[name], pred, seen)
}

// followAt follows the bindings of variable name that can reach a use at
// token use (Bindings), memoised per scope.
func (m *Module) followAt(key, name string, use int, pred func(Ref) bool, seen map[string]bool) (Ref, bool) {
	as, scope := m.Bindings(name, use)
	id := name
	if scope >= 0 {
		id = name + "@" + strconv.Itoa(scope)
	}
	return m.followSet(key, id, name, as, pred, seen)
}

func (m *Module) followSet(key, id, name string, as []Assign, pred func(Ref) bool, seen map[string]bool) (Ref, bool) {
	if seen[id] {
		return Ref{}, false
	}
	seen[id] = true
	mk := key + "\x00" + id
	m.mu.Lock()
	e, ok := m.derMemo[mk]
	m.mu.Unlock()
	if ok {
		return e.ref, e.ok
	}
	var res derEntry
	for _, a := range as {
		if r, ok := m.derives(key, a.Start, a.End, pred, seen); ok {
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
	fs := m.Funcs()
	var f *Func
	if fi := m.funcIndex(use); fi >= 0 {
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

// funcIndex is the index of the innermost function holding token tok, or
// -1 at module level.
func (m *Module) funcIndex(tok int) int {
	m.Funcs()
	if m.owner == nil || tok < 0 || tok >= len(m.owner) {
		return -1
	}
	return int(m.owner[tok]) - 1
}
