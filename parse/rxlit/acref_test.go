package rxlit

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// newACRef is NewAC as it was built before its trie was a table (a
// map per state), kept to check that the table builds the same automaton.
func newACRef(lits []string) *AC {
	m := &AC{nlits: len(lits), lens: make([]int32, len(lits))}
	for i, l := range lits {
		m.lens[i] = int32(len(l))
		m.maxLen = max(m.maxLen, len(l))
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
	m.renumberRef()
	return m
}

// renumberRef is renumber as it was: the states where a literal ends after all others (the
// root, where none ends, stays 0), so the scan tells them by number.
func (m *AC) renumberRef() {
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

// TestNewACTable checks that NewAC builds, from its table, the automaton
// the map-per-state trie built (newACRef): the same classes, states,
// transitions and literal lists, on random literal sets (with repeats,
// prefixes of one another, and the empty literal); TestRegisteredAC
// checks the literals of every declared pattern's gate.
func TestNewACTable(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	const alpha = "abcab cdXy.\x00\xff"
	word := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = alpha[r.IntN(len(alpha))]
		}
		return string(b)
	}
	check := func(lits []string) {
		t.Helper()
		if !SameAsMapBuilt(lits) {
			t.Fatalf("automaton of %q differs from the map-built one", lits)
		}
	}
	for trial := 0; trial < 500; trial++ {
		var lits []string
		for k := r.IntN(40); k > 0; k-- {
			lits = append(lits, word(r.IntN(10)))
		}
		check(lits)
	}
	check(nil)
	// more than 1<<16 states: a table of 32-bit states
	var many []string
	for i := 0; i < 9000; i++ {
		many = append(many, word(12))
	}
	check(many)
	if m := NewAC(many); m.d16 != nil || len(m.out) <= 1<<16 {
		t.Fatalf("want over 65,536 states in 32 bits, have %d", len(m.out))
	}
}

// SameAsMapBuilt reports whether NewAC(lits) is the automaton newACRef
// builds.
func SameAsMapBuilt(lits []string) bool {
	got, want := NewAC(lits), newACRef(lits)
	if want.d16 != nil {
		want.delta = nil // kept in 16 bits only
	}
	return reflect.DeepEqual(got, want)
}
