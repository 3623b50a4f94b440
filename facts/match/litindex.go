package match

import (
	"sort"
	"sync"
	"sync/atomic"
	"unsafe"

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

// Hits are the occurrences of an automaton's literals in a text (rxlit.Hits).
type Hits = rxlit.Hits

// IndexHits returns the occurrences in text of every registered literal,
// by literal ID.
func IndexHits(text string) *Hits { return litMatcher().Hits(text) }

// LitID returns the index ID of a registered literal.
func LitID(l string) (int32, bool) {
	id, ok := litReg.ids[l]
	return id, ok
}

// LitIDs returns the index IDs of lits, -1 for a literal that is not
// registered: LitID of each. The IDs of a list are resolved once and kept
// with it (keyed by its backing array, checked against a copy of its
// strings, so a list changed since is resolved again): the prose facts
// ask for the same package-level lists on every document, and a map
// lookup per literal per question was 1.5% of a scan.
func LitIDs(lits []string) []int32 {
	if len(lits) == 0 {
		return nil
	}
	k := litListKey{&lits[0], len(lits)}
	if v, ok := litIDCache.m.Load(k); ok {
		if e := v.(*litIDList); sameStrings(e.lits, lits) {
			return e.ids
		}
	}
	ids := make([]int32, len(lits))
	for i, l := range lits {
		id, ok := LitID(l)
		if !ok {
			id = -1
		}
		ids[i] = id
	}
	if litIDCache.n.Add(1) <= maxLitIDLists {
		litIDCache.m.Store(k, &litIDList{lits: append([]string(nil), lits...), ids: ids})
	}
	return ids
}

// maxLitIDLists bounds the lists LitIDs keeps (the package-level lists
// number a few hundred; a caller passing fresh slices must not grow it).
const maxLitIDLists = 4096

type litListKey struct {
	p *string
	n int
}

type litIDList struct {
	lits []string
	ids  []int32
}

var litIDCache struct {
	m sync.Map // litListKey → *litIDList
	n atomic.Int32
}

// sameStrings compares two lists of equal length; strings sharing their
// bytes compare without reading them (or calling memequal).
func sameStrings(a, b []string) bool {
	for i := range a {
		if len(a[i]) != len(b[i]) || unsafe.StringData(a[i]) != unsafe.StringData(b[i]) && a[i] != b[i] {
			return false
		}
	}
	return true
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
func (g *IndexedGate) Present(hits *Hits) bool {
	return g.match(func(l IndexedLit) bool {
		return l.ID < 0 || int(l.ID) >= hits.Len() || len(hits.Of(l.ID)) > 0
	})
}

// Within reports whether the gate holds in text[lo:hi], from the hits of
// the text; a literal the index does not hold counts as present.
func (g *IndexedGate) Within(hits *Hits, lo, hi int) bool {
	return g.match(func(l IndexedLit) bool {
		if l.ID < 0 || int(l.ID) >= hits.Len() {
			return true
		}
		pos := hits.Of(l.ID)
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
	local []int32 // index ID → local literal (-1: not held)
}

// NewSubIndex builds the sub-index of lits (registered literals; others
// are left out). Call it after initialisation.
func NewSubIndex(lits []string) *SubIndex {
	full := litMatcher()
	x := &SubIndex{local: make([]int32, full.Len())}
	for i := range x.local {
		x.local[i] = -1
	}
	var local []string
	for _, l := range lits {
		id, ok := LitID(l)
		if !ok || int(id) >= full.Len() || x.local[id] >= 0 {
			continue
		}
		x.local[id] = int32(len(local))
		local = append(local, l)
	}
	x.ac = NewAC(local)
	return x
}

// Hits is IndexHits(text) for the sub-index's literals.
func (x *SubIndex) Hits(text string) *Hits {
	return x.ac.Hits(text).SubHits(len(x.local), x.local)
}
