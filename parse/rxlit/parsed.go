package rxlit

import (
	"regexp/syntax"
	"slices"
	"sync"
)

// parsed is a pattern parsed once, for every derivation from its syntax:
// the gates, the required and leading literals, the whole-text byte set
// and line locality each read the one tree (none changes it), and those
// that simplify it share one simplified tree. Deriving each from the
// pattern's text parsed it again, four to five times for every Rx: most of
// what start-up spent.
type parsed struct {
	tree *syntax.Regexp // as parsed: holdsRune reads it before simplification
	once sync.Once
	simp *syntax.Regexp // tree.Simplify(), on first need
	mu   sync.Mutex     // memo, for one derivation at a time
	memo litMemo
}

// litMemo keeps, for each node of a simplified tree, its required
// literals, prefixes and exact strings (reqLits, prefixSet, exactSet):
// each depends on the node alone, and the derivations asked for them
// over and over (a gate's sets for a concatenation, then its literals
// over the same children; each run of children again from every start;
// the required literals, then the gate, of one phrase). The slices it
// hands out are clipped (an append copies them) and never written.
type litMemo struct {
	req, pre, exact map[*syntax.Regexp]memoSet
	off             bool // keep nothing (the tests' reference)
}

type memoSet struct {
	s  []string
	ok bool
}

func (m *litMemo) reqLits(re *syntax.Regexp) ([]string, bool) {
	return m.get(&m.req, re, m.reqLitsOf)
}

func (m *litMemo) prefixSet(re *syntax.Regexp) ([]string, bool) {
	return m.get(&m.pre, re, m.prefixSetOf)
}

func (m *litMemo) exactSet(re *syntax.Regexp) ([]string, bool) {
	return m.get(&m.exact, re, m.exactSetOf)
}

func (m *litMemo) get(tab *map[*syntax.Regexp]memoSet, re *syntax.Regexp, of func(*syntax.Regexp) ([]string, bool)) ([]string, bool) {
	if r, ok := (*tab)[re]; ok {
		return r.s, r.ok
	}
	s, ok := of(re)
	if m.off {
		return s, ok
	}
	s = s[:len(s):len(s)]
	if *tab == nil {
		*tab = map[*syntax.Regexp]memoSet{}
	}
	(*tab)[re] = memoSet{s, ok}
	return s, ok
}

// parseExpr parses expr as regexp.Compile does; nil when it is invalid.
func parseExpr(expr string) *parsed {
	tree, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return nil
	}
	return &parsed{tree: tree}
}

// simple returns the simplified tree (Simplify leaves its receiver as it
// is, so both stay valid).
func (p *parsed) simple() *syntax.Regexp {
	p.once.Do(func() { p.simp = p.tree.Simplify() })
	return p.simp
}

// requiredLiterals is RequiredLiterals of the pattern.
func (p *parsed) requiredLiterals() []string {
	if p == nil || holdsRune(p.tree, 0x130) { // İ lower-cases to i, which (?i)İ does not match
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	lits, ok := p.memo.reqLits(p.simple())
	if !ok {
		return nil
	}
	return slices.Clone(lits) // the caller's to change
}

// gate is NewGate of the pattern.
func (p *parsed) gate() *Gate {
	if p == nil || holdsRune(p.tree, 0x130) {
		return nil // İ lower-cases to i, outside its orbit: see newUnicodeGate
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return newGate(&p.memo, p.simple(), false)
}
