// Package match is language-neutral matching infrastructure for the facts
// packages and rules: the literals every match of a regexp contains
// (RequiredLiterals, for cheap prefilters), the literal index (one
// Aho–Corasick pass finds every registered literal), the credential-path
// prefilter, the capped reporter that bounds one rule's findings in one
// file, and Clip for messages.
package match

import "github.com/skillvet/skillvet/parse/rxlit"

// RequiredLiterals returns lower-case strings of which every match of the
// regular expression contains at least one, or nil when no such set is
// known (rxlit.RequiredLiterals).
func RequiredLiterals(expr string) []string { return rxlit.RequiredLiterals(expr) }

// ContainsAnyLit reports whether t contains one of lits (true for none).
func ContainsAnyLit(t string, lits []string) bool { return rxlit.ContainsAnyLit(t, lits) }

// LowerASCIIKeepLen lower-cases ASCII letters only, so offsets stay valid.
func LowerASCIIKeepLen(s string) string { return rxlit.LowerASCIIKeepLen(s) }

// LineLocal reports whether every match of expr lies within one line
// (rxlit.LineLocal).
func LineLocal(expr string) bool { return rxlit.LineLocal(expr) }

// LineStartsAt returns the sorted start offsets of the lines of text that
// hold the offsets at (rxlit.LineStartsAt).
func LineStartsAt(text string, at []int32) []int { return rxlit.LineStartsAt(text, at) }

// A Gate is a conjunctive literal prefilter (rxlit.Gate).
type Gate = rxlit.Gate

// Rx is a regexp behind its literal gate (rxlit.Rx).
type Rx = rxlit.Rx

// MustRx compiles expr behind its gate (rxlit.MustRx).
func MustRx(expr string) *Rx { return rxlit.MustRx(expr) }

// MustRxUngated compiles expr without its gate (rxlit.MustRxUngated).
func MustRxUngated(expr string) *Rx { return rxlit.MustRxUngated(expr) }

// MustIndexedRx is MustRx with the gate's literals registered with the
// literal index, so that a document's index answers the gate for any part
// of it (prose.Doc.SentenceMay). Declare it at package level: literals
// registered after the index is first used are not in it.
func MustIndexedRx(expr string) *Rx {
	r := rxlit.MustRx(expr)
	registerGate(r.Gate())
	return r
}

// registerGate registers every literal of g with the literal index.
func registerGate(g *Gate) {
	if g == nil {
		return
	}
	for _, b := range g.Branches {
		for _, s := range b {
			RegisterLits(s)
		}
	}
}

// NewGateOf is NewGate(r.String()) from r's one parse (Rx.NewGate).
func NewGateOf(r *Rx) *Gate {
	g := r.NewGate()
	registerGate(g)
	return g
}

// NewGate derives the gate of expr (rxlit.NewGate) and registers its
// literals with the literal index, so callers holding IndexHits can test
// the gate without scanning (Present).
func NewGate(expr string) *Gate {
	g := rxlit.NewGate(expr)
	registerGate(g)
	return g
}
