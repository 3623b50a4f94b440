package rxlit

// AC is a byte-level Aho–Corasick DFA over byte classes: one pass over a
// text finds every occurrence of every literal, whatever their number.
// The literal index of the facts layer and the engine's keyword
// prefilter are both ACs.
type AC struct {
	class  [256]uint8
	nclass int
	delta  []int32   // state*nclass + class → state
	d16    []uint16  // delta, when the states fit (half the cache lines)
	out    [][]int32 // literal IDs ending at each state
	nlits  int
	lens   []int32 // literal ID → length
	maxLen int     // the longest literal's length
	// states are numbered so that those where a literal ends come last,
	// from firstTerm on
	firstTerm int32
}

// NewAC builds the automaton for lits; literal IDs are their indices.
func NewAC(lits []string) *AC {
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
	// the trie, as lists of children (states numbered as they are made),
	// the root's children in a row of their own
	nc := m.nclass
	root := make([]int32, nc) // class → child of the root (0: none)
	var t trie
	t.add(0) // the root
	m.out = [][]int32{nil}
	for id, l := range lits {
		s := int32(0)
		for i := 0; i < len(l); i++ {
			c := m.class[l[i]]
			var n int32
			if s == 0 {
				n = root[c]
			} else {
				n = t.child(s, c)
			}
			if n <= 0 {
				n = t.add(c)
				m.out = append(m.out, nil)
				if s == 0 {
					root[c] = n
				} else {
					t.link(s, n)
				}
			}
			s = n
		}
		m.out[s] = append(m.out[s], int32(id))
	}
	// BFS: failure links (the longest proper suffix that is a state), and
	// the literals ending at each state with those of its failure state
	n := len(m.out)
	fail := make([]int32, n)
	queue := make([]int32, 0, n)
	for c := 1; c < nc; c++ {
		if k := root[c]; k != 0 {
			queue = append(queue, k)
		}
	}
	for q := 0; q < len(queue); q++ {
		s := queue[q]
		m.out[s] = append(m.out[s], m.out[fail[s]]...)
		for k := t.first[s]; k > 0; k = t.next[k] {
			c, f := t.label[k], fail[s]
			for {
				var g int32
				if f == 0 {
					g = root[c]
				} else {
					g = t.child(f, c)
				}
				if g > 0 || f == 0 {
					fail[k] = g
					break
				}
				f = fail[f]
			}
			queue = append(queue, k)
		}
	}
	// the states where a literal ends come after all others (the root,
	// where none ends, stays 0), so the scan tells them by number; an
	// empty literal ends everywhere
	perm := make([]int32, n) // state as made → final number
	empty := len(m.out[0]) > 0
	if empty {
		for s := range perm {
			perm[s] = int32(s)
		}
	} else {
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
		out := make([][]int32, n)
		for s := 0; s < n; s++ {
			out[perm[s]] = m.out[s]
		}
		m.out = out
	}
	// the DFA, in final numbers: a state's row is its failure state's
	// with its own children written over it (rows are filled in BFS
	// order, so the failure state's row is complete); 16 bits a state
	// when the states fit, unless an empty literal keeps the order made
	if !empty && n <= 1<<16 {
		m.d16 = make([]uint16, n*nc)
		fillDFA(m.d16, nc, root, &t, fail, perm, queue)
	} else {
		m.delta = make([]int32, n*nc)
		fillDFA(m.delta, nc, root, &t, fail, perm, queue)
	}
	return m
}

// trie holds the children of each state as a list: first child, next
// sibling (0: none, as no child is the root) and the class each state is
// reached by.
type trie struct {
	first, next []int32
	label       []uint8
}

// add makes a state reached by class c and returns its number.
func (t *trie) add(c uint8) int32 {
	t.first = append(t.first, 0)
	t.next = append(t.next, 0)
	t.label = append(t.label, c)
	return int32(len(t.label) - 1)
}

// link makes n a child of s.
func (t *trie) link(s, n int32) {
	t.next[n] = t.first[s]
	t.first[s] = n
}

// child returns the child of s reached by class c, 0 when none.
func (t *trie) child(s int32, c uint8) int32 {
	for k := t.first[s]; k > 0; k = t.next[k] {
		if t.label[k] == c {
			return k
		}
	}
	return 0
}

// fillDFA writes the automaton's transitions into tab (state*nc + class
// → state, in the final numbers perm gives), the states taken in the BFS
// order of queue.
func fillDFA[T uint16 | int32](tab []T, nc int, root []int32, t *trie, fail, perm, queue []int32) {
	for c := 1; c < nc; c++ {
		tab[int(perm[0])*nc+c] = T(perm[root[c]])
	}
	for _, s := range queue {
		row := tab[int(perm[s])*nc : int(perm[s]+1)*nc]
		copy(row, tab[int(perm[fail[s]])*nc:int(perm[fail[s]]+1)*nc])
		for k := t.first[s]; k > 0; k = t.next[k] {
			row[t.label[k]] = T(perm[k])
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

// Hits returns the occurrences of the literals in text (Hits.Of gives a
// literal's sorted start offsets).
func (m *AC) Hits(text string) *Hits {
	// one pass records (literal, start) events; a counting sort by
	// literal then fills one position array, in order of position
	ev := m.events(text)
	h := &Hits{n: m.nlits}
	if len(ev) == 0 {
		return h
	}
	at := make([]int32, m.nlits+1)
	for _, e := range ev {
		at[e>>32+1]++
	}
	for i := 1; i < len(at); i++ {
		at[i] += at[i-1]
	}
	pos := make([]int32, len(ev))
	// place each literal's offsets from the end of its range backwards,
	// walking the events backwards: at[id] ends where it started
	for i := len(ev) - 1; i >= 0; i-- {
		id := ev[i] >> 32
		at[id+1]--
		pos[at[id+1]] = int32(uint32(ev[i]))
	}
	// at[id+1] now holds the start of id's range: shift back one place
	copy(at, at[1:])
	at[m.nlits] = int32(len(ev))
	h.at, h.pos = at, pos
	return h
}

// lanes is the number of automata a long text (minSplit bytes or more)
// is read by at once (events, Present).
const lanes, minSplit = 4, 1 << 10

// quarters splits text for lanes: part j holds the occurrences that start
// in [lo[j], hi[j]) and reads on by the longest literal less one byte; n
// is the length every part has.
func (m *AC) quarters(text string) (lo, hi [lanes]int, part [lanes]string, n int) {
	q := len(text) / lanes
	n = len(text)
	for j := range lanes {
		lo[j], hi[j] = j*q, (j+1)*q
		if j == lanes-1 {
			hi[j] = len(text)
		}
		part[j] = text[lo[j]:min(len(text), hi[j]+m.maxLen-1)]
		n = min(n, len(part[j]))
	}
	return
}

// scanLanes runs one automaton over each part (quarters) in the same
// loop and calls hit with the part, the offset in it and the state
// wherever a literal ends, until hit returns true. It needs d16.
func (m *AC) scanLanes(part [lanes]string, n int, hit func(j, i, s int) bool) {
	d, nc, ft := m.d16, m.nclass, int(m.firstTerm)
	p0, p1, p2, p3 := part[0][:n], part[1][:n], part[2][:n], part[3][:n]
	s0, s1, s2, s3 := 0, 0, 0, 0
	for i := 0; i < n; i++ {
		s0 = int(d[s0*nc+int(m.class[p0[i]])])
		s1 = int(d[s1*nc+int(m.class[p1[i]])])
		s2 = int(d[s2*nc+int(m.class[p2[i]])])
		s3 = int(d[s3*nc+int(m.class[p3[i]])])
		if s0 >= ft && hit(0, i, s0) || s1 >= ft && hit(1, i, s1) ||
			s2 >= ft && hit(2, i, s2) || s3 >= ft && hit(3, i, s3) {
			return
		}
	}
	for j, s := range [lanes]int{s0, s1, s2, s3} {
		for i := n; i < len(part[j]); i++ {
			s = int(d[s*nc+int(m.class[part[j][i]])])
			if s >= ft && hit(j, i, s) {
				return
			}
		}
	}
}

// events returns the (literal ID << 32 | start) of every occurrence in
// text, in order of start for each literal.
//
// The scan is bound by the latency of one table load per byte, each
// depending on the last: a long text is read as four quarters by four
// automata in the same loop, four independent chains of loads. Each
// quarter's automaton starts at the quarter from the root, so it finds
// every occurrence that starts there or later; it reads on past the
// quarter's end by the longest literal less one byte and keeps only the
// occurrences that start inside it. The quarters' events follow each
// other, so each literal's starts stay in order.
func (m *AC) events(text string) []uint64 {
	if m.d16 == nil || len(text) < minSplit || m.firstTerm == 0 {
		var ev []uint64
		m.scan(text, func(end int, s int32) {
			for _, id := range m.out[s] {
				ev = append(ev, uint64(id)<<32|uint64(uint32(int32(end)-m.lens[id])))
			}
		})
		return ev
	}
	lo, hi, part, n := m.quarters(text)
	var ev [lanes][]uint64
	m.scanLanes(part, n, func(j, i, s int) bool {
		for _, id := range m.out[s] {
			if st := lo[j] + i + 1 - int(m.lens[id]); st < hi[j] {
				ev[j] = append(ev[j], uint64(id)<<32|uint64(uint32(st)))
			}
		}
		return false
	})
	out := ev[0]
	for j := 1; j < lanes; j++ {
		out = append(out, ev[j]...)
	}
	return out
}

// Hits are the occurrences of an automaton's literals in one text, kept
// as one offset table and one position array: a literal's offsets are
// pos[at[id]:at[id+1]]. (A slice per literal cost 24 bytes per literal of
// the automaton on every text, most of a scan's index allocation.)
type Hits struct {
	n     int     // literal IDs below n are known
	at    []int32 // n+1 offsets into pos; nil when nothing occurs
	pos   []int32
	remap []int32 // SubHits: ID → local ID in at (-1: not held)
}

// Len returns the number of literal IDs the hits answer for: an ID at or
// above it is not one of the automaton's literals.
func (h *Hits) Len() int { return h.n }

// Of returns the sorted start offsets of literal id (nil when it does not
// occur or is not known).
func (h *Hits) Of(id int32) []int32 {
	if h == nil || id < 0 || int(id) >= h.n || h.at == nil {
		return nil
	}
	if h.remap != nil {
		if id = h.remap[id]; id < 0 {
			return nil
		}
	}
	lo, hi := h.at[id], h.at[id+1]
	if lo == hi {
		return nil
	}
	return h.pos[lo:hi:hi]
}

// SubHits returns h answering for n literal IDs, remap giving the local ID
// of each (-1: none): the hits of a smaller automaton in the numbering of
// a larger one. remap is shared, not copied.
func (h *Hits) SubHits(n int, remap []int32) *Hits {
	return &Hits{n: n, at: h.at, pos: h.pos, remap: remap}
}

// NewACFold is NewAC matching ASCII letters in either case: the literals
// are lower-cased, and an upper-case letter of the text falls in its
// lower case's class.
func NewACFold(lits []string) *AC {
	low := make([]string, len(lits))
	for i, l := range lits {
		low[i] = LowerASCIIKeepLen(l)
	}
	m := NewAC(low)
	for c := 'A'; c <= 'Z'; c++ {
		m.class[c] = m.class[c+'a'-'A']
	}
	return m
}

// Any reports whether some literal occurs in text; it stops reading at
// the first.
func (m *AC) Any(text string) bool {
	if m.nlits == 0 {
		return false
	}
	nc, ft := m.nclass, m.firstTerm
	if d := m.d16; d != nil {
		s := 0
		for i := 0; i < len(text); i++ {
			if s = int(d[s*nc+int(m.class[text[i]])]); int32(s) >= ft {
				return true
			}
		}
		return false
	}
	s := int32(0)
	for i := 0; i < len(text); i++ {
		if s = m.delta[int(s)*nc+int(m.class[text[i]])]; s >= ft {
			return true
		}
	}
	return false
}

// Present reports, for every literal ID, whether it occurs in text; it
// stops reading once every literal has been seen.
func (m *AC) Present(text string) []bool {
	out := make([]bool, m.nlits)
	left := m.nlits
	if left == 0 {
		return out
	}
	found := func(s int32) bool { // whether every literal has been seen
		for _, id := range m.out[s] {
			if !out[id] {
				out[id] = true
				left--
			}
		}
		return left == 0
	}
	nc, ft := m.nclass, m.firstTerm
	if m.d16 != nil && len(text) >= minSplit && ft > 0 {
		// four automata at once, as in events; an occurrence a part finds
		// past its quarter is one of the text's all the same
		_, _, part, n := m.quarters(text)
		m.scanLanes(part, n, func(_, _, s int) bool { return found(int32(s)) })
		return out
	}
	if d := m.d16; d != nil {
		s := 0
		for i := 0; i < len(text); i++ {
			s = int(d[s*nc+int(m.class[text[i]])])
			if int32(s) >= ft && found(int32(s)) {
				break
			}
		}
		return out
	}
	s := int32(0)
	for i := 0; i < len(text); i++ {
		s = m.delta[int(s)*nc+int(m.class[text[i]])]
		if s >= ft && found(s) {
			break
		}
	}
	return out
}

// Len returns the number of literals.
func (m *AC) Len() int { return m.nlits }
