package pyfacts

import (
	"strings"

	"github.com/skillvet/skillvet/parse/python"
)

// LiteralRole is the part a string literal plays in the requests it
// reaches.
type LiteralRole uint8

const (
	// LiteralDestination: the literal can begin the destination of a
	// request — its URL or host, the connection it is made on, the command
	// of a process — before any '?' that starts a query string.
	LiteralDestination LiteralRole = iota + 1
	// LiteralData: the literal reaches a request only as data: a query
	// parameter (params=, after the '?' of the URL), the body (data=,
	// json=), a header, directly or through calls that only reshape their
	// arguments (json.dumps, urlencode, quote, str.format, encode).
	LiteralData
)

// DestinationArgs returns the token spans of c's arguments that say where
// the call connects: the URL of an HTTP call (the second argument of
// request(method, url) and urlopen(method, url) on a pool), the address of
// a socket call, the host of a connection constructor, the command of a
// process; for a method on a client held in a variable, also the value it
// was built from (conn = HTTPSConnection(host); conn.request(...)).
func DestinationArgs(m *python.Module, c *python.Call) [][2]int {
	var out [][2]int
	add := func(a python.Arg, ok bool) {
		if ok && a.Keyword != "*" && a.Keyword != "**" {
			out = append(out, [2]int{a.Start, a.End})
		}
	}
	last := LastName(c.Name)
	switch {
	case SubprocessCalls[c.Name] || ShellStringCalls[c.Name]:
		add(c.Positional(0))
		add(c.Kwarg("args"))
		add(c.Kwarg("cmd"))
		add(c.Kwarg("command"))
	case last == "sendto":
		add(c.Arg(1, "address"))
	case last == "request" || last == "urlopen" && !HasPrefixAny(c.Name, "urllib.", "urllib2.") || last == "fetch":
		if a, ok := c.Arg(1, "url"); ok {
			add(a, true)
		} else {
			add(c.Arg(0, "url"))
		}
	default:
		if a, ok := c.Arg(0, "url"); ok {
			add(a, true)
		} else if a, ok := c.Arg(0, "host"); ok {
			add(a, true)
		} else {
			add(c.Arg(0, "address"))
		}
		add(c.Kwarg("base_url"))
	}
	if m.Toks[c.Head].Kind == python.Name && c.Head+1 < c.Open && m.Is(c.Head+1, ".") {
		head := m.Text(c.Head)
		if _, alias := m.Aliases[head]; !alias {
			for k, as := range ScopedAssigns(m, head, c.Head) {
				if k == pyMaxAssigns {
					break
				}
				out = append(out, [2]int{as.Start, as.End})
			}
		}
	}
	return out
}

// ReshapesArgs reports calls whose value is their arguments reshaped, so
// that a literal passed in is still in what comes out: conversions and
// joins (pureCall), serialisation, URL quoting and encoding, string
// methods.
func ReshapesArgs(name string) bool {
	if pureCall(name) || HasPrefixAny(name, "json.dump", "urllib.parse.", "urllib.quote", "urllib.urlencode",
		"base64.b64encode", "base64.urlsafe_b64encode", "base64.b64encode", "html.escape") {
		return true
	}
	switch LastName(name) {
	case "encode", "format", "join", "strip", "lstrip", "rstrip", "replace", "lower", "upper", "quote", "quote_plus",
		"urlencode", "dumps":
		return true
	}
	return false
}

// litMaxDepth bounds how many variables, parameters and return values a
// literal walk follows in a chain;
// litBudget bounds the spans one walk visits.
const (
	litMaxDepth = 10
	litBudget   = 20000
)

// RequestLiterals calls f with every string literal whose value reaches a
// call that isRequest accepts, and the role it plays there: the
// destination (DestinationArgs, up to a '?' that starts a query string)
// or data (the other arguments, and the query string). Values are followed
// through variables (the bindings that reach the use, loops over a list
// included), self attributes, a function's parameters into what the
// file's callers pass, and the return values of the file's functions; into
// a call's arguments only where they can come out in its value: all of
// them on the way to a destination (urljoin(BASE, path), an unknown
// helper), only those of a reshaping call (ReshapesArgs) on the way to
// data — a request nested there (post(data=get(url).text)) sends its
// response, not its arguments. On the way to a destination, what a
// nested call takes as a query, body or headers (parsed._replace(query=q),
// urlencode(...), Request(url, data=...)) is data too. A literal can be reported in both roles
// (and more than once). A literal that holds the '?' itself plays the role
// of its text before the '?' when nothing precedes it in the expression,
// and is data otherwise.
//
// It returns false when the walk stopped at one of its bounds (litBudget
// spans, or a chain to a destination longer than litMaxDepth) before
// following everything: then a literal not reported as a destination may
// still reach one.
func RequestLiterals(m *python.Module, isRequest func(*python.Call) bool, f func(tok int, role LiteralRole)) bool {
	w := &litWalk{m: m, isRequest: isRequest, f: f, seen: map[[3]int]int{}, budget: litBudget}
	for _, c := range m.Calls {
		if !isRequest(c) {
			continue
		}
		dest := DestinationArgs(m, c)
		for _, s := range dest {
			w.span(s[0], s[1], LiteralDestination, 0)
		}
		for _, a := range c.Args {
			if !inSpan(a.Start, dest) {
				w.span(a.Start, a.End, LiteralData, 0)
			}
		}
	}
	return w.budget > 0 && !w.cut
}

type litWalk struct {
	m         *python.Module
	isRequest func(*python.Call) bool
	f         func(int, LiteralRole)
	// seen holds, per span and role, the smallest depth it was walked at:
	// walked again only when reached by a shorter chain (which may follow
	// further). Each span is walked at most litMaxDepth+1 times per role.
	seen   map[[3]int]int
	budget int
	cut    bool // a destination chain was cut at litMaxDepth
}

// litDataKeywords are keyword arguments that carry data into what a call
// builds or sends, never where it goes.
var litDataKeywords = map[string]bool{"params": true, "query": true, "data": true, "json": true, "body": true,
	"headers": true, "files": true, "cookies": true, "fragment": true, "content": true}

// span walks the expression in tokens [lo, hi) for role.
func (w *litWalk) span(lo, hi int, role LiteralRole, depth int) {
	m := w.m
	hi = min(hi, lo+4*pyMaxExprTok)
	if lo >= hi {
		return
	}
	if depth > litMaxDepth {
		if role == LiteralDestination {
			w.cut = true // a longer chain may still reach a destination
		}
		return
	}
	key := [3]int{lo, hi, int(role)}
	if d, ok := w.seen[key]; ok && d <= depth {
		return
	}
	if w.budget <= 0 {
		w.cut = w.cut || role == LiteralDestination
		return
	}
	w.seen[key] = depth
	w.budget--
	cut := m.Toks[hi-1].End // byte offset where a query string starts
	if role == LiteralDestination {
		// the query string of a URL is data: f"{api}?url={x}", api + "?u=" + x
		for k := lo; k < hi; k++ {
			if m.Toks[k].Kind != python.String {
				continue
			}
			if q := strings.IndexByte(m.Src[m.Toks[k].Start:m.Toks[k].End], '?'); q >= 0 {
				cut = m.Toks[k].Start + q
				j := k + 1
				for j < hi && m.Toks[j].Start <= cut {
					j++
				}
				w.span(j, hi, LiteralData, depth)
				if w.leads(lo, k) {
					w.f(k, LiteralDestination)
				}
				w.f(k, LiteralData)
				break
			}
		}
	}
	// the arguments of nested calls that do not carry into the value
	var skip [][2]int
	for _, c := range m.CallsIn(lo, hi) {
		if m.Toks[c.Head].Start > cut {
			continue
		}
		switch {
		case role == LiteralDestination && w.isRequest(c):
			keep := DestinationArgs(m, c)
			for _, a := range c.Args {
				if !inSpan(a.Start, keep) {
					skip = append(skip, [2]int{a.Start, a.End})
				}
			}
			for _, s := range keep {
				if s[0] < c.Open || s[0] > c.Close {
					w.span(s[0], s[1], role, depth+1) // the client it was built from
				}
			}
		case role == LiteralDestination && LastName(c.Name) == "urlencode":
			// a query string, wherever it goes
			skip = append(skip, [2]int{c.Open + 1, c.Close})
			w.span(c.Open+1, c.Close, LiteralData, depth)
		case role == LiteralDestination:
			// parsed._replace(query=q), Request(url, data=body) built
			// into a destination: those parts are data
			for _, a := range c.Args {
				if litDataKeywords[a.Keyword] {
					skip = append(skip, [2]int{a.Start, a.End})
					w.span(a.Start, a.End, LiteralData, depth)
				}
			}
		case role == LiteralData && !ReshapesArgs(c.Name):
			skip = append(skip, [2]int{c.Open + 1, c.Close})
		}
	}
	for k := lo; k < hi; k++ {
		t := &m.Toks[k]
		if t.Kind == python.String && t.Start < cut && t.End <= cut && !inSpan(k, skip) {
			w.f(k, role)
		}
	}
	for _, r := range m.RefsIn(lo, hi) {
		if m.Toks[r.Tok].Start > cut || inSpan(r.Tok, skip) {
			continue
		}
		w.ref(r, role, depth)
	}
}

// leads reports whether string token k is the first value in tokens
// [lo, k): only brackets come before it.
func (w *litWalk) leads(lo, k int) bool {
	for j := lo; j < k; j++ {
		if !w.m.Is(j, "(") && !w.m.Is(j, "[") {
			return false
		}
	}
	return true
}

// ref follows a reference into the values that can reach it.
func (w *litWalk) ref(r python.Ref, role LiteralRole, depth int) {
	m := w.m
	if strings.HasPrefix(r.Attr, "self.") {
		for k, as := range m.Assigns[r.Attr] {
			if k == pyMaxAssigns {
				break
			}
			w.span(as.Start, as.End, role, depth+1)
		}
	}
	if r.Var != "" {
		param := false
		if fn := m.Enclosing(r.Tok); fn != nil {
			if k := m.ParamIndex(fn, r.Var); k >= 0 {
				param = true
				for _, a := range m.CallerArgs(fn, k) {
					w.span(a.Start, a.End, role, depth+1)
				}
			}
		}
		if lo, hi, ok := comprehensionIterable(m, r.Tok, r.Var); ok && !param {
			// [fetch(t) for t in TARGETS]: what the comprehension iterates
			w.span(lo, hi, role, depth+1)
		} else if !param {
			for k, as := range ScopedAssigns(m, r.Var, r.Tok) {
				if k == 4*pyMaxAssigns {
					break
				}
				w.span(as.Start, as.End, role, depth+1)
			}
		}
	}
	if r.Call {
		// a function of the file: what it returns
		name := r.Name
		if i := strings.LastIndexByte(name, '.'); i >= 0 {
			name = name[i+1:]
		}
		for k, as := range m.Assigns[name+"()"] {
			if k == pyMaxAssigns {
				break
			}
			w.span(as.Start, as.End, role, depth+1)
		}
	}
}
