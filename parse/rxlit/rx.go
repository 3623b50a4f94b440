package rxlit

import (
	"regexp"
	"strings"
	"unsafe"
)

// Rx is a regexp behind its conjunctive literal gate (NewGate): the
// gitleaks order, keywords before regexps, derived from the pattern itself
// so that it cannot drift from it. The Find and Match methods return no
// match at once when the text lacks a literal every match needs; every
// other method is the embedded regexp's. Literals are compared
// ASCII-case-insensitively, so an Rx suits raw and normalised text alike.
//
// Go's regexp has no DFA: each search costs the pattern's size times the
// text's length, and most texts a rule sees cannot match. The gate's
// substring searches are an order of magnitude cheaper.
type Rx struct {
	*regexp.Regexp
	Gate *Gate // nil: no literal is known to be required; always search
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
}

// MustRx compiles expr and derives its gate.
func MustRx(expr string) *Rx {
	re := regexp.MustCompile(expr)
	r := &Rx{Regexp: re, Gate: NewGate(expr), whole: wholeTextBytes(expr), lead: newLeading(re)}
	if r.Gate == nil {
		r.ugate = newUnicodeGate(expr)
	}
	r.foldSK = r.Gate != nil && strings.Contains(expr, "(?i") && r.Gate.hasAny("sk")
	return r
}

// MustRxUngated is MustRx without the literal gate, for callers that test
// a gate of their own first (phrase lists, with the literal index).
func MustRxUngated(expr string) *Rx {
	re := regexp.MustCompile(expr)
	return &Rx{Regexp: re, lead: newLeading(re)}
}

// nonASCIIFolds reports a text holding ſ or the Kelvin sign.
func nonASCIIFolds(t string) bool {
	return strings.Contains(t, "\u017f") || strings.Contains(t, "\u212a")
}

// May reports whether t can match.
func (r *Rx) May(t string) bool {
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
	if r.Gate == nil {
		return r.ugate == nil || r.ugate.matchFolded(t)
	}
	if r.foldSK && nonASCIIFolds(t) {
		return true
	}
	if len(t) <= len(lowerBuf{}) {
		var buf lowerBuf
		return r.Gate.Match(buf.lower(t)) // no copy on the heap for a short text
	}
	return r.Gate.matchFold(t) // a long text is searched as it is
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
	if r.Gate == nil {
		return r.ugate == nil || r.ugate.matchFolded(lower)
	}
	return r.foldSK && nonASCIIFolds(lower) || r.Gate.Match(lower)
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
	return r.Regexp.MatchString(t)
}

// Match is Regexp.Match behind the gate.
func (r *Rx) Match(b []byte) bool { return r.mayBytes(b) && r.Regexp.Match(b) }

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
	return r.Regexp.FindString(t)
}

// FindStringIndex is Regexp.FindStringIndex behind the gate.
func (r *Rx) FindStringIndex(t string) []int {
	if !r.May(t) {
		return nil
	}
	if r.leads(t) {
		return r.lead.find(t)
	}
	return r.Regexp.FindStringIndex(t)
}

// FindStringSubmatch is Regexp.FindStringSubmatch behind the gate.
func (r *Rx) FindStringSubmatch(t string) []string {
	if !r.May(t) {
		return nil
	}
	return r.Regexp.FindStringSubmatch(t)
}

// FindStringSubmatchIndex is Regexp.FindStringSubmatchIndex behind the gate.
func (r *Rx) FindStringSubmatchIndex(t string) []int {
	if !r.May(t) {
		return nil
	}
	return r.Regexp.FindStringSubmatchIndex(t)
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
	return r.Regexp.FindAllString(t, n)
}

// FindAllStringIndex is Regexp.FindAllStringIndex behind the gate.
func (r *Rx) FindAllStringIndex(t string, n int) [][]int {
	if !r.May(t) || n == 0 {
		return nil
	}
	if r.leads(t) {
		return r.lead.findAll(t, n)
	}
	return r.Regexp.FindAllStringIndex(t, n)
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
	return r.Regexp.FindAllStringSubmatch(t, n)
}

// FindAllStringSubmatchIndex is Regexp.FindAllStringSubmatchIndex behind
// the gate.
func (r *Rx) FindAllStringSubmatchIndex(t string, n int) [][]int {
	if !r.May(t) {
		return nil
	}
	return r.Regexp.FindAllStringSubmatchIndex(t, n)
}

// FindIndex is Regexp.FindIndex behind the gate.
func (r *Rx) FindIndex(b []byte) []int {
	if !r.mayBytes(b) {
		return nil
	}
	return r.Regexp.FindIndex(b)
}

// FindSubmatchIndex is Regexp.FindSubmatchIndex behind the gate.
func (r *Rx) FindSubmatchIndex(b []byte) []int {
	if !r.mayBytes(b) {
		return nil
	}
	return r.Regexp.FindSubmatchIndex(b)
}

// FindAllIndex is Regexp.FindAllIndex behind the gate.
func (r *Rx) FindAllIndex(b []byte, n int) [][]int {
	if !r.mayBytes(b) {
		return nil
	}
	return r.Regexp.FindAllIndex(b, n)
}

// FindAllSubmatchIndex is Regexp.FindAllSubmatchIndex behind the gate.
func (r *Rx) FindAllSubmatchIndex(b []byte, n int) [][]int {
	if !r.mayBytes(b) {
		return nil
	}
	return r.Regexp.FindAllSubmatchIndex(b, n)
}
