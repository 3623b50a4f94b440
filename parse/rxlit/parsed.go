package rxlit

import (
	"regexp/syntax"
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
	lits, ok := reqLits(p.simple())
	if !ok {
		return nil
	}
	return lits
}

// gate is NewGate of the pattern.
func (p *parsed) gate() *Gate {
	if p == nil || holdsRune(p.tree, 0x130) {
		return nil // İ lower-cases to i, outside its orbit: see newUnicodeGate
	}
	return newGate(p.simple(), false)
}
