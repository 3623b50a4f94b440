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
		if !reflect.DeepEqual(got[id], want) {
			t.Errorf("%q: hits %v, want %v", l, got[id], want)
		}
	}
}

func TestACEmptyLiteral(t *testing.T) {
	got := NewAC([]string{"", "ab"}).Hits("xab")
	if len(got[1]) != 1 || got[1][0] != 1 {
		t.Errorf("hits %v", got)
	}
}
