package rxlit

import (
	"regexp"
	"regexp/syntax"
	"strings"
	"sync"
	"unsafe"
)

// Rx is a regexp behind its conjunctive literal gate (NewGate): the
// gitleaks order, keywords before regexps, derived from the pattern itself
// so that it cannot drift from it. The Find and Match methods return no
// match at once when the text lacks a literal every match needs; Regexp
// returns the regexp itself. Literals are compared ASCII-case-insensitively,
// so an Rx suits raw and normalised text alike.
//
// Go's regexp has no DFA: each search costs the pattern's size times the
// text's length, and most texts a rule sees cannot match. The gate's
// substring searches are an order of magnitude cheaper.
//
// An Rx parses its pattern once, at the first test of a text, and makes
// the gate and the other derivations from that one parse; the regexp is
// compiled at its first search. A scan touches only some of the
// program's patterns (a small skill, a few dozen of over 800), and
// start-up parsed and compiled them all: most of what a scan of one small
// skill cost. An invalid pattern panics at its first use, as
// regexp.MustCompile does, not at start-up: TestRegisteredDerivations
// compiles every pattern the program declares.
type Rx struct {
	expr    string
	ungated bool // MustRxUngated: derive no gate

	parse sync.Once // p, on first need (parsed)
	p     *parsed   // the one parse of expr every derivation reads

	derive sync.Once // the fields below, on first use (derived)
	gate   *Gate     // nil: no literal is known to be required; always search
	// foldSK is set for a case-insensitive pattern whose gate holds an s or
	// a k: Go folds ſ (U+017F) to s and the Kelvin sign (U+212A) to k,
	// which an ASCII lower-casing of the text does not, so a text holding
	// either goes to the regexp ("ſmartscreen" matches (?i)smartscreen).
	foldSK bool
	// whole is the set of bytes a match can hold when the pattern only
	// matches whole texts (wholeTextBytes); nil otherwise.
	whole *byteSet
	// lead holds the literals every match begins with (newLeading): long
	// texts are searched only where they occur. nil: none known.
	lead *leading
	// ugate is the gate over case-folded text of a pattern that has no
	// Gate because a case-insensitive literal folds beyond ASCII
	// (newUnicodeGate); nil otherwise.
	ugate *Gate

	compile sync.Once // re, on first search (Regexp)
	re      *regexp.Regexp
}

// MustRx returns expr behind its gate; the pattern is parsed, its gate
// derived and the regexp compiled on first use, which panics as
// regexp.MustCompile does when expr is not a valid pattern.
func MustRx(expr string) *Rx {
	r := &Rx{expr: expr}
	register(r)
	return r
}

// MustRxUngated is MustRx without the literal gate, for callers that test
// a gate of their own first (phrase lists, with the literal index).
func MustRxUngated(expr string) *Rx {
	r := &Rx{expr: expr, ungated: true}
	register(r)
	return r
}

// parsed returns the pattern's one parse, parsing it on first use and
// panicking with regexp.MustCompile's message when it is not valid.
func (r *Rx) parsed() *parsed {
	r.parse.Do(func() {
		tree, err := syntax.Parse(r.expr, syntax.Perl)
		if err != nil {
			regexp.MustCompile(r.expr) // its panic, word for word
		}
		r.p = &parsed{tree: tree}
	})
	if r.p == nil { // the panic above, recovered by a caller
		regexp.MustCompile(r.expr)
	}
	return r.p
}

// derived makes the derivations on first use and returns r.
func (r *Rx) derived() *Rx {
	r.derive.Do(r.deriveOnce)
	return r
}

func (r *Rx) deriveOnce() {
	p := r.parsed()
	if !r.ungated {
		r.gate = p.gate()
		r.whole = p.wholeTextBytes()
		if r.gate == nil {
			r.ugate = p.unicodeGate()
		}
		r.foldSK = r.gate != nil && strings.Contains(r.expr, "(?i") && r.gate.hasAny("sk")
	}
	r.lead = p.leading(r.expr)
	if r.lead != nil {
		r.lead.rx = r
	}
}

// Regexp returns the compiled regexp, compiling it on first use.
func (r *Rx) Regexp() *regexp.Regexp {
	r.compile.Do(func() { r.re = regexp.MustCompile(r.expr) })
	return r.re
}

// Gate returns the gate derived from the pattern (NewGate), nil when no
// literal is known to be required (or for MustRxUngated).
func (r *Rx) Gate() *Gate { return r.derived().gate }

// String returns the source text of the pattern.
func (r *Rx) String() string { return r.expr }

// RequiredLiterals is RequiredLiterals(r.String()), from the one parse.
func (r *Rx) RequiredLiterals() []string { return r.parsed().requiredLiterals() }

// NewGate is NewGate(r.String()), from the one parse: a new gate each
// call, for an ungated Rx too.
func (r *Rx) NewGate() *Gate { return r.parsed().gate() }

// LineLocal is LineLocal(r.String()), from the one parse.
func (r *Rx) LineLocal() bool { return lineLocal(r.parsed().tree) }

// registered holds every Rx made (MustRx, MustRxUngated), for the tests
// that check each derivation against the pattern's own: declare an Rx at
// package level, or build a plain regexp for a pattern made per call.
var registered struct {
	sync.Mutex
	all []*Rx
}

func register(r *Rx) {
	registered.Lock()
	registered.all = append(registered.all, r)
	registered.Unlock()
}

// Registered returns every Rx made so far.
func Registered() []*Rx {
	registered.Lock()
	defer registered.Unlock()
	return append([]*Rx(nil), registered.all...)
}

// nonASCIIFolds reports a text holding ſ or the Kelvin sign.
func nonASCIIFolds(t string) bool {
	return strings.Contains(t, "\u017f") || strings.Contains(t, "\u212a")
}

// May reports whether t can match.
func (r *Rx) May(t string) bool {
	r.derived()
	if r.whole != nil && !r.whole.holds(t) {
		return false // a byte no match of a whole-text pattern can hold
	}
	return r.MayWithin(t)
}

// MayWithin reports whether some part of t can match: the literal gate
// alone (a text that lacks a literal lacks it in every part), without the
// whole-text byte set, which a part of t may pass where t does not. Rules
// test it on a whole file or shell text before trying its lines.
func (r *Rx) MayWithin(t string) bool {
	r.derived()
	if r.gate == nil {
		return r.ugate == nil || r.ugate.matchFolded(t)
	}
	if r.foldSK && nonASCIIFolds(t) {
		return true
	}
	if len(t) <= len(lowerBuf{}) {
		var buf lowerBuf
		return r.gate.Match(buf.lower(t)) // no copy on the heap for a short text
	}
	return r.gate.matchFold(t) // a long text is searched as it is
}

// lowerBuf holds the lower-cased copy of a short text for one gate test:
// words, identifiers and sentences, the texts most gates see, would
// otherwise each leave a copy for the collector.
type lowerBuf [256]byte

// lower returns t ASCII-lower-cased, in b when it has an upper-case
// letter (len(t) <= len(b)); the result lives no longer than b.
func (b *lowerBuf) lower(t string) string {
	first := firstUpper(t)
	if first < 0 {
		return t
	}
	n := copy(b[:], t)
	lowerFrom(b[:n], first)
	return unsafe.String(&b[0], n)
}

// MayLower is May for a text already ASCII-lower-cased (LowerASCIIKeepLen,
// or a text with no upper-case ASCII letter): callers that try many
// regexps on one text lower-case it once.
func (r *Rx) MayLower(lower string) bool {
	r.derived()
	if r.gate == nil {
		return r.ugate == nil || r.ugate.matchFolded(lower)
	}
	return r.foldSK && nonASCIIFolds(lower) || r.gate.Match(lower)
}

func (r *Rx) mayBytes(b []byte) bool {
	return r.May(unsafe.String(unsafe.SliceData(b), len(b)))
}

// MatchString is Regexp.MatchString behind the gate.
func (r *Rx) MatchString(t string) bool {
	if !r.May(t) {
		return false
	}
	if r.leads(t) {
		return r.lead.find(t) != nil
	}
	return r.Regexp().MatchString(t)
}

// Match is Regexp.Match behind the gate.
func (r *Rx) Match(b []byte) bool { return r.mayBytes(b) && r.Regexp().Match(b) }

// FindString is Regexp.FindString behind the gate.
func (r *Rx) FindString(t string) string {
	if !r.May(t) {
		return ""
	}
	if r.leads(t) {
		if m := r.lead.find(t); m != nil {
			return t[m[0]:m[1]]
		}
		return ""
	}
	return r.Regexp().FindString(t)
}

// FindStringIndex is Regexp.FindStringIndex behind the gate.
func (r *Rx) FindStringIndex(t string) []int {
	if !r.May(t) {
		return nil
	}
	if r.leads(t) {
		return r.lead.find(t)
	}
	return r.Regexp().FindStringIndex(t)
}

// FindStringSubmatch is Regexp.FindStringSubmatch behind the gate.
func (r *Rx) FindStringSubmatch(t string) []string {
	if !r.May(t) {
		return nil
	}
	return r.Regexp().FindStringSubmatch(t)
}

// FindStringSubmatchIndex is Regexp.FindStringSubmatchIndex behind the gate.
func (r *Rx) FindStringSubmatchIndex(t string) []int {
	if !r.May(t) {
		return nil
	}
	return r.Regexp().FindStringSubmatchIndex(t)
}

// FindAllString is Regexp.FindAllString behind the gate.
func (r *Rx) FindAllString(t string, n int) []string {
	if !r.May(t) || n == 0 {
		return nil
	}
	if r.leads(t) {
		ms := r.lead.findAll(t, n)
		if ms == nil {
			return nil
		}
		out := make([]string, len(ms))
		for i, m := range ms {
			out[i] = t[m[0]:m[1]]
		}
		return out
	}
	return r.Regexp().FindAllString(t, n)
}

// FindAllStringIndex is Regexp.FindAllStringIndex behind the gate.
func (r *Rx) FindAllStringIndex(t string, n int) [][]int {
	if !r.May(t) || n == 0 {
		return nil
	}
	if r.leads(t) {
		return r.lead.findAll(t, n)
	}
	return r.Regexp().FindAllStringIndex(t, n)
}

// leads reports whether t is searched at its leading literals' places:
// a text long enough to gain from it, in which the places are certain.
func (r *Rx) leads(t string) bool {
	return r.lead != nil && len(t) >= leadingMin && r.lead.usable(t)
}

// FindAllStringSubmatch is Regexp.FindAllStringSubmatch behind the gate.
func (r *Rx) FindAllStringSubmatch(t string, n int) [][]string {
	if !r.May(t) {
		return nil
	}
	return r.Regexp().FindAllStringSubmatch(t, n)
}

// FindAllStringSubmatchIndex is Regexp.FindAllStringSubmatchIndex behind
// the gate.
func (r *Rx) FindAllStringSubmatchIndex(t string, n int) [][]int {
	if !r.May(t) {
		return nil
	}
	return r.Regexp().FindAllStringSubmatchIndex(t, n)
}

// FindIndex is Regexp.FindIndex behind the gate.
func (r *Rx) FindIndex(b []byte) []int {
	if !r.mayBytes(b) {
		return nil
	}
	return r.Regexp().FindIndex(b)
}

// FindSubmatchIndex is Regexp.FindSubmatchIndex behind the gate.
func (r *Rx) FindSubmatchIndex(b []byte) []int {
	if !r.mayBytes(b) {
		return nil
	}
	return r.Regexp().FindSubmatchIndex(b)
}

// FindAllIndex is Regexp.FindAllIndex behind the gate.
func (r *Rx) FindAllIndex(b []byte, n int) [][]int {
	if !r.mayBytes(b) {
		return nil
	}
	return r.Regexp().FindAllIndex(b, n)
}

// FindAllSubmatchIndex is Regexp.FindAllSubmatchIndex behind the gate.
func (r *Rx) FindAllSubmatchIndex(b []byte, n int) [][]int {
	if !r.mayBytes(b) {
		return nil
	}
	return r.Regexp().FindAllSubmatchIndex(b, n)
}

// ReplaceAllString is Regexp.ReplaceAllString.
func (r *Rx) ReplaceAllString(src, repl string) string {
	return r.Regexp().ReplaceAllString(src, repl)
}

// ReplaceAllStringFunc is Regexp.ReplaceAllStringFunc.
func (r *Rx) ReplaceAllStringFunc(src string, repl func(string) string) string {
	return r.Regexp().ReplaceAllStringFunc(src, repl)
}

// FindAllSubmatch is Regexp.FindAllSubmatch.
func (r *Rx) FindAllSubmatch(b []byte, n int) [][][]byte { return r.Regexp().FindAllSubmatch(b, n) }

// Split is Regexp.Split.
func (r *Rx) Split(s string, n int) []string { return r.Regexp().Split(s, n) }
