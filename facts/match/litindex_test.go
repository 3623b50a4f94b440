package match

import (
	"reflect"
	"strings"
	"testing"
)

// TestACHits checks the automaton against substring searches.
func TestACHits(t *testing.T) {
	lits := []string{"he", "she", "his", "hers", "s", "xyz"}
	text := "ushers said she is his; hers he shes"
	got := NewAC(lits).Hits(text)
	for id, l := range lits {
		var want []int32
		for off := 0; ; {
			k := strings.Index(text[off:], l)
			if k < 0 {
				break
			}
			want = append(want, int32(off+k))
			off += k + 1
		}
		if g := got.Of(int32(id)); !reflect.DeepEqual(g, want) {
			t.Errorf("%q: hits %v, want %v", l, g, want)
		}
	}
}

func TestACEmptyLiteral(t *testing.T) {
	got := NewAC([]string{"", "ab"}).Hits("xab")
	if h := got.Of(1); len(h) != 1 || h[0] != 1 {
		t.Errorf("hits %v", h)
	}
}

// TestHitsBounds checks the answers for texts without hits and for IDs
// the automaton does not have.
func TestHitsBounds(t *testing.T) {
	ac := NewAC([]string{"ab", "cd"})
	for _, text := range []string{"", "xyz", "abcdab"} {
		h := ac.Hits(text)
		if h.Len() != 2 {
			t.Errorf("%q: Len %d, want 2", text, h.Len())
		}
		for _, id := range []int32{-1, 2, 1000} {
			if got := h.Of(id); got != nil {
				t.Errorf("%q: Of(%d) = %v, want nil", text, id, got)
			}
		}
	}
	if got := ac.Hits("abcdab").Of(0); !reflect.DeepEqual(got, []int32{0, 4}) {
		t.Errorf("Of(0) = %v", got)
	}
	var nilHits *Hits
	if nilHits.Of(0) != nil {
		t.Error("nil hits answered")
	}
}

// subTestLits are registered at initialisation, as callers must.
var subTestLits = Registered([]string{"sub-alpha", "sub-beta", "sub-gamma"})

// TestSubIndexHits checks that a sub-index answers as the whole index on
// its own literals, in the index's numbering, and holds no others.
func TestSubIndexHits(t *testing.T) {
	lits := subTestLits
	x := NewSubIndex(lits[:2])
	text := "sub-alpha then sub-gamma, sub-beta, sub-alpha"
	full, sub := IndexHits(text), x.Hits(text)
	if sub.Len() != full.Len() {
		t.Fatalf("Len %d, want %d", sub.Len(), full.Len())
	}
	for i, l := range lits {
		id, _ := LitID(l)
		want := full.Of(id)
		if i == 2 {
			want = nil
		}
		if got := sub.Of(id); !reflect.DeepEqual(got, want) {
			t.Errorf("%q: %v, want %v", l, got, want)
		}
	}
}
