package pyfacts

import (
	"strconv"
	"strings"

	"github.com/skillvet/skillvet/parse/python"
)

// Bounds of RewritesSameFile's walk: variables followed into their
// bindings, and bindings looked at in all.
const (
	rewriteMaxDepth  = 6
	rewriteMaxBudget = 256
)

// rewriteDumps are the serialisers whose first argument is the document
// and second the file object.
var rewriteDumps = []string{"json.dump", "yaml.dump", "yaml.safe_dump", "toml.dump", "tomli_w.dump", "tomlkit.dump"}

// rewriteMutators are the methods that put a value into a container.
var rewriteMutators = []string{".append", ".extend", ".update", ".insert", ".setdefault", ".__setitem__", ".add"}

// RewritesSameFile reports an open-for-writing call oc (or a
// Path.write_text call) whose every write is a serialisation of data read
// from that same file and changed only by removing, emptying or reordering
// what it held: a read-modify-write that adds no text of the script's
// (clean-up of ~/.claude.json: data = json.load(f) … del data[k] …
// json.dump(data, f)). The document must be a variable whose bindings,
// followed through variables, loops and the return values of the file's
// functions, hold no string literal but subscript keys and .get/.pop/
// .setdefault keys, read no other file, the environment, the network or
// user input; every subscript store and container mutation in the module
// is held to the same test, so an entry the script adds (data["mcpServers"]
// ["x"] = {"command": …}, hooks.append(entry)) makes it false.
func RewritesSameFile(m *python.Module, oc *python.Call) bool {
	docs, ok := rewriteDocs(m, oc)
	if !ok || len(docs) == 0 {
		return false
	}
	target := rewritePath(m, oc)
	if target == "" {
		return false
	}
	w := &rewriteWalk{m: m, target: target, seen: map[[2]int]bool{}, budget: rewriteMaxBudget}
	for _, d := range docs {
		if d[1] != d[0]+1 || m.Toks[d[0]].Kind != python.Name {
			return false // the document is a variable
		}
		as := ScopedAssigns(m, m.Text(d[0]), d[0])
		if len(as) == 0 {
			return false
		}
		read := false
		for _, a := range as {
			if !w.clean(a.Start, a.End, 0) {
				return false
			}
			read = read || w.readsTarget(a.Start, a.End)
		}
		if !read && !w.readVia(as) {
			return false
		}
	}
	// every store into a container anywhere in the module
	for _, as := range m.Assigns {
		for _, a := range as {
			if a.Tok+1 < len(m.Toks) && m.Is(a.Tok+1, "[") || a.Aug {
				if !w.clean(a.Start, a.End, 0) {
					return false
				}
			}
		}
	}
	// stores whose target is no plain name (d.setdefault("k", {})["x"] = v)
	for i := 1; i < len(m.Toks); i++ {
		if m.Toks[i].Kind != python.Op || m.Text(i) != "=" || !m.Is(i-1, "]") {
			continue
		}
		end := i + 1
		for end < len(m.Toks) && m.Toks[end].Kind != python.Newline {
			end++
		}
		if !w.clean(i+1, end, 0) {
			return false
		}
	}
	for _, c := range m.Calls {
		if !HasSuffixAny(c.Name, rewriteMutators...) {
			continue
		}
		for k, a := range c.Args {
			if k == 0 && HasSuffixAny(c.Name, ".setdefault", ".insert", ".__setitem__") {
				continue // the key or index
			}
			if !w.clean(a.Start, a.End, 0) {
				return false
			}
		}
	}
	return true
}

// rewriteDocs returns the documents written through oc: the first argument
// of json.dump(doc, f) and the like, and the argument of f.write(…) or
// p.write_text(…) (json.dumps(doc) unwrapped). ok is false when a write
// through oc is anything else.
func rewriteDocs(m *python.Module, oc *python.Call) (docs [][2]int, ok bool) {
	unwrap := func(a python.Arg) [2]int {
		for _, c := range m.CallsIn(a.Start, a.End) {
			if c.Head == a.Start && c.Close == a.End-1 && HasPrefixAny(c.Name, "json.dumps", "yaml.dump", "yaml.safe_dump", "toml.dumps", "tomli_w.dumps") {
				if d, ok := c.Arg(0, ""); ok {
					return [2]int{d.Start, d.End}
				}
			}
		}
		return [2]int{a.Start, a.End}
	}
	if HasSuffixAny(oc.Name, ".write_text") {
		a, ok := oc.Arg(0, "")
		if !ok {
			return nil, false
		}
		return [][2]int{unwrap(a)}, true
	}
	for _, c := range m.Calls {
		switch {
		case HasPrefixAny(c.Name, rewriteDumps...) && !HasSuffixAny(c.Name, "s"):
			f, ok := c.Arg(1, "")
			if !ok || rewriteOpener(m, f) != oc {
				continue
			}
			d, ok := c.Arg(0, "")
			if !ok {
				return nil, false
			}
			docs = append(docs, [2]int{d.Start, d.End})
		case HasSuffixAny(c.Name, ".write", ".writelines") && nearestOpener(m, c) == oc:
			a, ok := c.Arg(0, "")
			if !ok {
				return nil, false
			}
			docs = append(docs, unwrap(a))
		}
	}
	return docs, true
}

// rewriteOpener returns the open() call that made the file object in
// argument a: a call there, or the latest binding of its variable before
// the use that opens a file (the second of two with open(p) as f blocks).
func rewriteOpener(m *python.Module, a python.Arg) *python.Call {
	if oc := openCallIn(m, a.Start, a.End); oc != nil {
		return oc
	}
	if a.End != a.Start+1 || m.Toks[a.Start].Kind != python.Name {
		return nil
	}
	return lastOpenBinding(m, a.Start)
}

// rewritePath renders the path an open or write_text call names, or "".
func rewritePath(m *python.Module, c *python.Call) string {
	var a python.Arg
	if HasSuffixAny(c.Name, ".write_text", ".read_text", ".read_bytes", ".open") && c.Head < c.Open-2 {
		// p.write_text(…): the path is the receiver
		a = python.Arg{Start: c.Head, End: c.Open - 2}
	} else if x, ok := c.Arg(0, "file"); ok {
		a = x
	} else {
		return ""
	}
	if ps := PathOf(m, a.Start, a.End, 0); len(ps) == 1 && ps[0] != "" {
		return ps[0]
	}
	// a variable whose value is not rendered (path = os.path.expanduser(…)):
	// the same variable with the same bindings names the same file
	key := ""
	for k := a.Start; k < a.End; k++ {
		key += m.Text(k)
	}
	for _, r := range m.RefsIn(a.Start, a.End) {
		if r.Var == "" {
			continue
		}
		latest := -1 // the binding in force: a rebinding between the read and the write changes the file
		for _, as := range ScopedAssigns(m, r.Var, r.Tok) {
			if as.Start < r.Tok && as.Start > latest {
				latest = as.Start
			}
		}
		key += "@" + strconv.Itoa(latest)
	}
	return key
}

type rewriteWalk struct {
	m      *python.Module
	target string
	seen   map[[2]int]bool
	budget int
}

// readsTarget reports a read of the target file in tokens [lo, hi):
// json.load(f) with f opened on the same path, or p.read_text() of it.
func (w *rewriteWalk) readsTarget(lo, hi int) bool {
	for _, c := range w.m.CallsIn(lo, hi) {
		if w.sameFileRead(c) {
			return true
		}
	}
	return false
}

// readVia reports bindings that take the document from a function of the
// file given it (data, n = clean(data)): the read is upstream, found when
// one of the arguments' own bindings reads the target.
func (w *rewriteWalk) readVia(as []python.Assign) bool {
	for _, a := range as {
		for _, r := range w.m.RefsIn(a.Start, a.End) {
			if r.Var == "" || r.Call {
				continue
			}
			for _, b := range ScopedAssigns(w.m, r.Var, r.Tok) {
				if b.Start < a.Start && w.readsTarget(b.Start, b.End) {
					return true
				}
			}
		}
	}
	return false
}

func (w *rewriteWalk) sameFileRead(c *python.Call) bool {
	m := w.m
	switch {
	case HasPrefixAny(c.Name, "json.load", "yaml.safe_load", "yaml.load", "tomllib.load", "toml.load"):
		a, ok := c.Arg(0, "")
		if !ok {
			return false
		}
		if oc := rewriteOpener(m, a); oc != nil {
			return !IsWriteMode(OpenMode(m, oc)) && rewritePath(m, oc) == w.target
		}
		for _, rc := range m.CallsIn(a.Start, a.End) {
			if HasSuffixAny(rc.Name, ".read_text", ".read_bytes") {
				return rewritePath(m, rc) == w.target
			}
		}
	case HasSuffixAny(c.Name, ".read_text", ".read_bytes"):
		return rewritePath(m, c) == w.target
	}
	return false
}

// clean reports an expression that adds no text of the script's and takes
// nothing from elsewhere: no string literal outside subscript keys and
// lookup keys, no read of another file, the environment, the network or
// input, and the same for the variables and the file's functions it uses.
func (w *rewriteWalk) clean(lo, hi, depth int) bool {
	m := w.m
	if depth > rewriteMaxDepth || w.budget <= 0 {
		return false
	}
	key := [2]int{lo, hi}
	if w.seen[key] {
		return true
	}
	w.seen[key] = true
	w.budget--
	var reads [][2]int // the reads of the target: their arguments name the file
	for _, c := range m.CallsIn(lo, hi) {
		if w.sameFileRead(c) {
			reads = append(reads, [2]int{c.Open, c.Close + 1})
		} else if isFileReadRef(python.Ref{Name: c.Name, Call: true}) {
			return false
		}
	}
	for _, c := range m.CallsIn(lo, hi) {
		switch c.Name {
		case "len", "isinstance", "int", "float", "bool", "round", "hasattr":
			reads = append(reads, [2]int{c.Open, c.Close + 1}) // a number or a truth value
		}
	}
	for i := lo; i < hi && i < len(m.Toks); i++ {
		if m.Is(i, "[") && i > 0 && (m.Toks[i-1].Kind == python.Name && !m.Is(i-1, "in") && !m.Is(i-1, "return") || m.Is(i-1, ")") || m.Is(i-1, "]")) {
			reads = append(reads, [2]int{i, int(m.Match[i]) + 1}) // a subscript: its index is a key, not a value
		}
	}
	for i := lo; i < hi && i < len(m.Toks); i++ {
		if m.Toks[i].Kind == python.String && !w.keyLiteral(i) && !inSpan(i, reads) {
			return false
		}
	}
	for _, r := range m.RefsIn(lo, hi) {
		if inSpan(r.Tok, reads) {
			continue
		}
		if IsEnvRef(r) || IsDownloadRef(r) || IsSocketRef(r) || isInputRef(r) || isDecodeRef(r) || strings.HasPrefix(r.Name, "sys.argv") {
			return false
		}
		if r.Call && m.Defs[r.Name] {
			// the return values of a function of the file
			for _, a := range m.Assigns[r.Name+"()"] {
				if !w.clean(a.Start, a.End, depth+1) {
					return false
				}
			}
			continue
		}
		if r.Var == "" || r.Call {
			continue
		}
		for _, a := range ScopedAssigns(m, r.Var, r.Tok) {
			if !w.clean(a.Start, a.End, depth+1) {
				return false
			}
		}
	}
	return true
}

// keyLiteral reports a string literal used as a key, not as a value:
// data['projects'], d.get('lastUsed', 0), d.pop('x', None),
// d.setdefault('k', …), or the test of a conditional.
func (w *rewriteWalk) keyLiteral(i int) bool {
	m := w.m
	if i == 0 || i+1 >= len(m.Toks) {
		return false
	}
	if m.Is(i-1, "[") && m.Is(i+1, "]") && i >= 2 && (m.Toks[i-2].Kind == python.Name || m.Is(i-2, ")") || m.Is(i-2, "]")) {
		return true
	}
	if m.Is(i-1, "(") && (m.Is(i+1, ",") || m.Is(i+1, ")")) {
		if c := m.CallAt(i - 1); c != nil && HasSuffixAny(c.Name, ".get", ".pop", ".setdefault") {
			return true
		}
	}
	if m.Is(i+1, "in") || m.Is(i+1, "not") && i+2 < len(m.Toks) && m.Is(i+2, "in") {
		return true // 'k' in d
	}
	return false
}
