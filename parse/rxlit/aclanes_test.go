package rxlit

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestHitsLanes: the four-lane scan of a long text (events, Present)
// finds what one automaton finds reading it whole, in the same order.
func TestHitsLanes(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	const alpha = "abcab cd"
	word := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = alpha[r.IntN(len(alpha))]
		}
		return string(b)
	}
	for trial := 0; trial < 200; trial++ {
		var lits []string
		for k := 1 + r.IntN(30); k > 0; k-- {
			lits = append(lits, word(1+r.IntN(12)))
		}
		m := NewAC(lits)
		text := word(minSplit + r.IntN(9000))
		var want []uint64
		m.scan(text, func(end int, s int32) {
			for _, id := range m.out[s] {
				want = append(want, uint64(id)<<32|uint64(uint32(int32(end)-m.lens[id])))
			}
		})
		got := m.events(text)
		key := func(e []uint64) []uint64 { // per literal, in order
			out := slices.Clone(e)
			slices.SortStableFunc(out, func(x, y uint64) int { return int(x>>32) - int(y>>32) })
			return out
		}
		if !slices.Equal(key(got), key(want)) {
			t.Fatalf("trial %d: %d events, want %d", trial, len(got), len(want))
		}
		present := make([]bool, len(lits))
		for _, e := range want {
			present[e>>32] = true
		}
		if p := m.Present(text); !slices.Equal(p, present) {
			t.Fatalf("trial %d: Present %v, want %v", trial, p, present)
		}
	}
}
