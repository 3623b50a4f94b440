package analyzer

import (
	"unsafe"

	"github.com/skillvet/skillvet/parse/rxlit"
)

// prefilter finds which rule keywords occur in a file in one pass (an
// Aho–Corasick automaton over ASCII-case-folded bytes, rxlit.AC: the same
// automaton as the facts layer's literal index), so the engine runs a
// keyword rule only on files that mention one of its keywords — one scan
// of the content whatever the number of rules and keywords.
type prefilter struct {
	ac *rxlit.AC
}

func newPrefilter(words []string) *prefilter {
	return &prefilter{ac: rxlit.NewACFold(words)}
}

// match returns, per keyword index, whether it occurs in b.
func (p *prefilter) match(b []byte) []bool {
	return p.ac.Present(unsafe.String(unsafe.SliceData(b), len(b)))
}
