package match

import (
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
	out    [][]int32 // literal IDs ending at each state
	nlits  int
	lens   []int32 // literal ID → length
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
	return m
}

// Hits returns, for every literal ID, the sorted start offsets in text
// of its occurrences.
func (m *AC) Hits(text string) [][]int32 {
	hits := make([][]int32, m.nlits)
	s := int32(0)
	for i := 0; i < len(text); i++ {
		s = m.delta[int(s)*m.nclass+int(m.class[text[i]])]
		for _, id := range m.out[s] {
			hits[id] = append(hits[id], int32(i+1)-m.lens[id])
		}
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
	s := int32(0)
	for i := 0; i < len(text); i++ {
		s = m.delta[int(s)*m.nclass+int(m.class[text[i]])]
		for _, id := range m.out[s] {
			out[id] = true
		}
	}
	return out
}
