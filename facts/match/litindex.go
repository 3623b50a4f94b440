package match

import (
	"sort"
	"sync"

	"github.com/skillvet/skillvet/parse/rxlit"
)

// The literal index finds, in one pass over a document, every segment
// that contains each registered prefilter literal (an Aho–Corasick
// automaton over all literals of all phrase lists), instead of one
// strings.Index scan per literal.

var litReg = struct {
	mu   sync.Mutex
	ids  map[string]int32
	lits []string
	once sync.Once
	ac   *AC
}{ids: map[string]int32{}}

// RegisterLits adds literals to the index; call it from package
// initialisation only (the automaton is built on first use).
func RegisterLits(lits []string) {
	litReg.mu.Lock()
	defer litReg.mu.Unlock()
	for _, l := range lits {
		if _, ok := litReg.ids[l]; !ok && l != "" {
			litReg.ids[l] = int32(len(litReg.lits))
			litReg.lits = append(litReg.lits, l)
		}
	}
}

func litMatcher() *AC {
	litReg.once.Do(func() {
		litReg.mu.Lock()
		defer litReg.mu.Unlock()
		litReg.ac = NewAC(litReg.lits)
	})
	return litReg.ac
}

// AC is the byte-level Aho–Corasick automaton (rxlit.AC).
type AC = rxlit.AC

// NewAC builds the automaton for lits; literal IDs are their indices.
func NewAC(lits []string) *AC { return rxlit.NewAC(lits) }

// NewACFold is NewAC matching ASCII letters in either case.
func NewACFold(lits []string) *AC { return rxlit.NewACFold(lits) }

// IndexHits returns, for every registered literal ID, the sorted start
// offsets in text of its occurrences.
func IndexHits(text string) [][]int32 { return litMatcher().Hits(text) }

// LitID returns the index ID of a registered literal.
func LitID(l string) (int32, bool) {
	id, ok := litReg.ids[l]
	return id, ok
}

// Registered registers lits and returns them, for package-level vars.
func Registered(lits []string) []string {
	RegisterLits(lits)
	return lits
}

// IndexedGate is a Gate with its literals resolved to literal index IDs,
// answered from IndexHits without a map lookup per literal. Resolve it
// once the literals are registered (after package initialisation).
type IndexedGate struct {
	branches [][][]IndexedLit
}

// IndexedLit is a literal's index ID (-1: not in the index) and length.
type IndexedLit struct {
	ID, Len int32
}

// ResolveLits returns the index IDs of lits.
func ResolveLits(lits []string) []IndexedLit {
	out := make([]IndexedLit, len(lits))
	for i, l := range lits {
		out[i] = IndexedLit{ID: -1, Len: int32(len(l))}
		if id, ok := LitID(l); ok {
			out[i].ID = id
		}
	}
	return out
}

// IndexGate resolves g (nil for nil).
func IndexGate(g *Gate) *IndexedGate {
	if g == nil {
		return nil
	}
	ig := &IndexedGate{}
	for _, b := range g.Branches {
		var sets [][]IndexedLit
		for _, set := range b {
			sets = append(sets, ResolveLits(set))
		}
		ig.branches = append(ig.branches, sets)
	}
	return ig
}

// Present is g.MatchFunc(Present(hits)): the gate over the whole text.
func (g *IndexedGate) Present(hits [][]int32) bool {
	return g.match(func(l IndexedLit) bool {
		return l.ID < 0 || int(l.ID) >= len(hits) || len(hits[l.ID]) > 0
	})
}

// Within reports whether the gate holds in text[lo:hi], from the hits of
// the text; a literal the index does not hold counts as present.
func (g *IndexedGate) Within(hits [][]int32, lo, hi int) bool {
	return g.match(func(l IndexedLit) bool {
		if l.ID < 0 || int(l.ID) >= len(hits) {
			return true
		}
		pos := hits[l.ID]
		k := sort.Search(len(pos), func(k int) bool { return int(pos[k]) >= lo })
		return k < len(pos) && int(pos[k])+int(l.Len) <= hi
	})
}

func (g *IndexedGate) match(has func(IndexedLit) bool) bool {
	return g == nil || rxlit.AnyBranch(g.branches, has)
}

// SubIndex is the literal index restricted to some registered literals:
// a smaller automaton, whose Hits equal IndexHits(text) on those
// literals (indexed by the same IDs) and are empty for all others.
type SubIndex struct {
	ac    *AC
	ids   []int32 // local literal → index ID
	nlits int     // the index's size
}

// NewSubIndex builds the sub-index of lits (registered literals; others
// are left out). Call it after initialisation.
func NewSubIndex(lits []string) *SubIndex {
	full := litMatcher()
	x := &SubIndex{nlits: full.Len()}
	seen := map[int32]bool{}
	var local []string
	for _, l := range lits {
		id, ok := LitID(l)
		if !ok || int(id) >= full.Len() || seen[id] {
			continue
		}
		seen[id] = true
		local = append(local, l)
		x.ids = append(x.ids, id)
	}
	x.ac = NewAC(local)
	return x
}

// Hits is IndexHits(text) for the sub-index's literals.
func (x *SubIndex) Hits(text string) [][]int32 {
	out := make([][]int32, x.nlits)
	for i, h := range x.ac.Hits(text) {
		out[x.ids[i]] = h
	}
	return out
}
