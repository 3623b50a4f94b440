package analyzer

// prefilter finds which rule keywords occur in a file in one pass
// (Aho-Corasick over ASCII-lower-cased bytes), so the engine runs a keyword
// rule only on files that mention one of its keywords — one scan of the
// content whatever the number of rules and keywords.
type prefilter struct {
	next  [][256]int32 // goto function, completed with failure links
	out   [][]int32    // keyword indexes ending at each state
	words int
}

func newPrefilter(words []string) *prefilter {
	p := &prefilter{next: make([][256]int32, 1), out: make([][]int32, 1), words: len(words)}
	for i := range p.next[0] {
		p.next[0][i] = -1
	}
	for wi, w := range words {
		s := int32(0)
		for i := 0; i < len(w); i++ {
			c := lower(w[i])
			if p.next[s][c] < 0 {
				var row [256]int32
				for j := range row {
					row[j] = -1
				}
				p.next = append(p.next, row)
				p.out = append(p.out, nil)
				p.next[s][c] = int32(len(p.next) - 1)
			}
			s = p.next[s][c]
		}
		p.out[s] = append(p.out[s], int32(wi))
	}
	// Breadth-first: failure links, folded into the goto table.
	fail := make([]int32, len(p.next))
	queue := []int32{}
	for c := 0; c < 256; c++ {
		if t := p.next[0][c]; t >= 0 {
			fail[t] = 0
			queue = append(queue, t)
		} else {
			p.next[0][c] = 0
		}
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		for c := 0; c < 256; c++ {
			t := p.next[s][c]
			if t < 0 {
				p.next[s][c] = p.next[fail[s]][c]
				continue
			}
			fail[t] = p.next[fail[s]][c]
			p.out[t] = append(p.out[t], p.out[fail[t]]...)
			queue = append(queue, t)
		}
	}
	return p
}

func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// match returns, per keyword index, whether it occurs in b.
func (p *prefilter) match(b []byte) []bool {
	found := make([]bool, p.words)
	left := p.words
	s := int32(0)
	for _, c := range b {
		s = p.next[s][lower(c)]
		for _, w := range p.out[s] {
			if !found[w] {
				found[w] = true
				left--
			}
		}
		if left == 0 {
			break
		}
	}
	return found
}
