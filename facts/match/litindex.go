package match

import (
	"sort"
	"sync"
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

// AC is a byte-level Aho–Corasick DFA over byte classes.
type AC struct {
	class  [256]uint8
	nclass int
	delta  []int32   // state*nclass + class → state
	d16    []uint16  // delta, when the states fit (half the cache lines)
	out    [][]int32 // literal IDs ending at each state
	nlits  int
	lens   []int32 // literal ID → length
	// states are numbered so that those where a literal ends come last,
	// from firstTerm on
	firstTerm int32
}

// NewAC builds the automaton for lits; literal IDs are their indices.
func NewAC(lits []string) *AC {
	m := &AC{nlits: len(lits), lens: make([]int32, len(lits))}
	for i, l := range lits {
		m.lens[i] = int32(len(l))
	}
	m.nclass = 1 // class 0: bytes in no literal
	for _, l := range lits {
		for i := 0; i < len(l); i++ {
			if m.class[l[i]] == 0 {
				m.class[l[i]] = uint8(m.nclass)
				m.nclass++
			}
		}
	}
	// trie
	type node struct {
		next map[uint8]int32
	}
	nodes := []node{{next: map[uint8]int32{}}}
	m.out = [][]int32{nil}
	for id, l := range lits {
		s := int32(0)
		for i := 0; i < len(l); i++ {
			c := m.class[l[i]]
			n, ok := nodes[s].next[c]
			if !ok {
				n = int32(len(nodes))
				nodes = append(nodes, node{next: map[uint8]int32{}})
				m.out = append(m.out, nil)
				nodes[s].next[c] = n
			}
			s = n
		}
		m.out[s] = append(m.out[s], int32(id))
	}
	// BFS: failure links resolved into a full DFA
	m.delta = make([]int32, len(nodes)*m.nclass)
	fail := make([]int32, len(nodes))
	queue := []int32{}
	for c := 1; c < m.nclass; c++ {
		if n, ok := nodes[0].next[uint8(c)]; ok {
			m.delta[c] = n
			queue = append(queue, n)
		}
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		m.out[s] = append(m.out[s], m.out[fail[s]]...)
		for c := 1; c < m.nclass; c++ {
			if n, ok := nodes[s].next[uint8(c)]; ok {
				fail[n] = m.delta[int(fail[s])*m.nclass+c]
				m.delta[int(s)*m.nclass+c] = n
				queue = append(queue, n)
			} else {
				m.delta[int(s)*m.nclass+c] = m.delta[int(fail[s])*m.nclass+c]
			}
		}
	}
	m.renumber()
	return m
}

// renumber puts the states where a literal ends after all others (the
// root, where none ends, stays 0), so the scan tells them by number.
func (m *AC) renumber() {
	n := len(m.out)
	if len(m.out[0]) > 0 { // an empty literal: every state counts
		m.firstTerm = 0
		return
	}
	perm := make([]int32, n) // old → new
	next := int32(0)
	for s := 0; s < n; s++ {
		if len(m.out[s]) == 0 {
			perm[s] = next
			next++
		}
	}
	m.firstTerm = next
	for s := 0; s < n; s++ {
		if len(m.out[s]) > 0 {
			perm[s] = next
			next++
		}
	}
	delta := make([]int32, len(m.delta))
	out := make([][]int32, n)
	for s := 0; s < n; s++ {
		ns := int(perm[s])
		out[ns] = m.out[s]
		for c := 0; c < m.nclass; c++ {
			delta[ns*m.nclass+c] = perm[m.delta[s*m.nclass+c]]
		}
	}
	m.delta, m.out = delta, out
	if n <= 1<<16 {
		m.d16 = make([]uint16, len(delta))
		for i, v := range delta {
			m.d16[i] = uint16(v)
		}
	}
}

// scan runs the automaton over text and calls at with the end offset
// (exclusive) and the state wherever a literal ends.
func (m *AC) scan(text string, at func(end int, s int32)) {
	nc, ft := m.nclass, m.firstTerm
	if d := m.d16; d != nil {
		s := 0
		for i := 0; i < len(text); i++ {
			s = int(d[s*nc+int(m.class[text[i]])])
			if int32(s) >= ft {
				at(i+1, int32(s))
			}
		}
		return
	}
	s := int32(0)
	for i := 0; i < len(text); i++ {
		s = m.delta[int(s)*nc+int(m.class[text[i]])]
		if s >= ft {
			at(i+1, s)
		}
	}
}

// Hits returns, for every literal ID, the sorted start offsets in text
// of its occurrences.
func (m *AC) Hits(text string) [][]int32 {
	// one pass records (literal, start) events; a counting sort by
	// literal then fills one backing array, in order of position
	var ev []uint64
	m.scan(text, func(end int, s int32) {
		for _, id := range m.out[s] {
			ev = append(ev, uint64(id)<<32|uint64(uint32(int32(end)-m.lens[id])))
		}
	})
	hits := make([][]int32, m.nlits)
	if len(ev) == 0 {
		return hits
	}
	at := make([]int32, m.nlits+1)
	for _, e := range ev {
		at[e>>32+1]++
	}
	for i := 1; i < len(at); i++ {
		at[i] += at[i-1]
	}
	all := make([]int32, len(ev))
	for id := range hits {
		if at[id] < at[id+1] {
			hits[id] = all[at[id]:at[id]:at[id+1]]
		}
	}
	for _, e := range ev {
		id := e >> 32
		hits[id] = append(hits[id], int32(uint32(e)))
	}
	return hits
}

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

// Present reports, for every literal ID, whether it occurs in text.
func (m *AC) Present(text string) []bool {
	out := make([]bool, m.nlits)
	m.scan(text, func(_ int, s int32) {
		for _, id := range m.out[s] {
			out[id] = true
		}
	})
	return out
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
	if g == nil {
		return true
	}
branches:
	for _, b := range g.branches {
		for _, set := range b {
			found := false
			for _, l := range set {
				if has(l) {
					found = true
					break
				}
			}
			if !found {
				continue branches
			}
		}
		return true
	}
	return false
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
	x := &SubIndex{nlits: full.nlits}
	seen := map[int32]bool{}
	var local []string
	for _, l := range lits {
		id, ok := LitID(l)
		if !ok || int(id) >= full.nlits || seen[id] {
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
