package rules

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
	ac   *acMatcher
}{ids: map[string]int32{}}

// registerLits adds literals to the index; call it from package
// initialisation only (the automaton is built on first use).
func registerLits(lits []string) {
	litReg.mu.Lock()
	defer litReg.mu.Unlock()
	for _, l := range lits {
		if _, ok := litReg.ids[l]; !ok && l != "" {
			litReg.ids[l] = int32(len(litReg.lits))
			litReg.lits = append(litReg.lits, l)
		}
	}
}

func litMatcher() *acMatcher {
	litReg.once.Do(func() {
		litReg.mu.Lock()
		defer litReg.mu.Unlock()
		litReg.ac = newAC(litReg.lits)
	})
	return litReg.ac
}

// acMatcher is a byte-level Aho–Corasick DFA over byte classes.
type acMatcher struct {
	class  [256]uint8
	nclass int
	delta  []int32   // state*nclass + class → state
	out    [][]int32 // literal IDs ending at each state
	nlits  int
}

func newAC(lits []string) *acMatcher {
	m := &acMatcher{nlits: len(lits)}
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
	return m
}

// hits returns, for every literal ID, the sorted start offsets in text
// of its occurrences.
func (m *acMatcher) hits(text string) [][]int32 {
	hits := make([][]int32, m.nlits)
	s := int32(0)
	for i := 0; i < len(text); i++ {
		s = m.delta[int(s)*m.nclass+int(m.class[text[i]])]
		for _, id := range m.out[s] {
			hits[id] = append(hits[id], int32(i+1-len(litReg.lits[id])))
		}
	}
	return hits
}

// litIndexHits returns, for every registered literal ID, the sorted start
// offsets in text of its occurrences.
func litIndexHits(text string) [][]int32 { return litMatcher().hits(text) }

// litID returns the index ID of a registered literal.
func litID(l string) (int32, bool) {
	id, ok := litReg.ids[l]
	return id, ok
}

// litHits returns the offsets in d.all where one of lits starts (in no
// particular order), or ok=false for literals the index does not hold.
func (d *proseDoc) litHits(lits []string) (pos []int32, ok bool) {
	d.hitsOnce.Do(func() { d.hits = litIndexHits(d.all) })
	for _, l := range lits {
		id, known := litID(l)
		if !known || int(id) >= len(d.hits) {
			return nil, false
		}
		pos = append(pos, d.hits[id]...)
	}
	return pos, true
}

// litCandidates marks the segments holding one of lits using the index;
// literals that were never registered fall back to a direct search.
func (d *proseDoc) litCandidates(lits []string) []bool {
	pos, ok := d.litHits(lits)
	if !ok {
		return d.scanCandidates(lits)
	}
	out := make([]bool, len(d.Segments))
	for _, p := range pos {
		out[sort.SearchInts(d.segOff, int(p)+1)-1] = true
	}
	return out
}

// sentenceFilter returns a test for "this sentence contains one of lits",
// answered from the index by binary search.
func (d *proseDoc) sentenceFilter(lits []string) func(s *proseSentence) bool {
	pos, ok := d.litHits(lits)
	if !ok {
		return func(s *proseSentence) bool { return containsAnyLit(s.Text, lits) }
	}
	sents := d.sentences()
	starts := make([]int, len(sents))
	for k := range sents {
		starts[k] = d.segOff[sents[k].si] + sents[k].i
	}
	marks := make([]bool, len(sents))
	for _, p := range pos {
		k := sort.SearchInts(starts, int(p)+1) - 1
		if k >= 0 && int(p) < d.segOff[sents[k].si]+sents[k].j {
			marks[k] = true
		}
	}
	return func(s *proseSentence) bool { return marks[s.idx] }
}

// registered registers lits and returns them, for package-level vars.
func registered(lits []string) []string {
	registerLits(lits)
	return lits
}

// present reports, for every literal ID, whether it occurs in text.
func (m *acMatcher) present(text string) []bool {
	out := make([]bool, m.nlits)
	s := int32(0)
	for i := 0; i < len(text); i++ {
		s = m.delta[int(s)*m.nclass+int(m.class[text[i]])]
		for _, id := range m.out[s] {
			out[id] = true
		}
	}
	return out
}
