package python

import "strings"

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
	for _, r := range refs {
		if pred(r) {
			return r, true
		}
	}
	for _, r := range refs {
		for _, v := range followNames(r) {
			if got, ok := m.follow(key, v, pred, seen); ok {
				return got, true
			}
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
	if seen[name] {
		return Ref{}, false
	}
	seen[name] = true
	mk := key + "\x00" + name
	m.mu.Lock()
	e, ok := m.derMemo[mk]
	m.mu.Unlock()
	if ok {
		return e.ref, e.ok
	}
	var res derEntry
	for _, a := range m.Assigns[name] {
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
