package rxlit

import (
	"math/rand"
	"reflect"
	"strings"
	"testing"
)

func TestLineLocal(t *testing.T) {
	for expr, want := range map[string]bool{
		`\bgh[pousr]_[A-Za-z0-9]{36,255}\b`: true,
		`(?m)^ab$`:                          true,
		`a.b`:                               true,
		`(?m)^\s*x`:                         false, // \s holds \n
		`(?s)a.b`:                           false,
		`^ab`:                               false, // start of text
		`ab$`:                               false,
		`[^a]b`:                             false,
		`a\nb`:                              false,
	} {
		if got := LineLocal(expr); got != want {
			t.Errorf("LineLocal(%q) = %v, want %v", expr, got, want)
		}
	}
}

func TestLineStartsAt(t *testing.T) {
	text := "ab\ncd ef\n\ngh"
	got := LineStartsAt(text, []int32{11, 3, 6, 4, 0})
	if want := []int{0, 3, 10}; !reflect.DeepEqual(got, want) {
		t.Errorf("LineStartsAt = %v, want %v", got, want)
	}
}

// TestLitIn checks the rare-byte search against strings.Contains.
func TestLitIn(t *testing.T) {
	texts := []string{"", "a", "network", "the net work network", "kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk networ network",
		strings.Repeat("xk ", 200) + "network", strings.Repeat("k", 300), "169.254.169.254", "a.b.c.d 169.254.169.25"}
	lits := []string{"network", "k", "kk", "169.254.169.254", "xk n", "work", "net", "d 1", "zzz", "networkx"}
	for _, tx := range texts {
		for _, l := range lits {
			if got, want := newLit(l).in(tx), strings.Contains(tx, l); got != want {
				t.Errorf("in(%q, %q) = %v, want %v", tx, l, got, want)
			}
		}
	}
}

func TestLitInRandom(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	const alpha = "abk. "
	gen := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = alpha[r.Intn(len(alpha))]
		}
		return string(b)
	}
	for i := 0; i < 20000; i++ {
		tx, l := gen(r.Intn(600)), gen(1+r.Intn(6))
		if got, want := newLit(l).in(tx), strings.Contains(tx, l); got != want {
			t.Fatalf("in(%q, %q) = %v, want %v", tx, l, got, want)
		}
	}
}

// TestACFold checks NewACFold's presence test against substring searches
// of the ASCII-lower-cased text.
func TestACFold(t *testing.T) {
	lits := []string{"curl", "URL", "child_process", "a", "stratum+tcp", "ſx"}
	m := NewACFold(lits)
	r := rand.New(rand.NewSource(1))
	alpha := []byte("curlCURLchild_process+tcpSTRATUMaA ſx")
	for i := 0; i < 5000; i++ {
		b := make([]byte, r.Intn(40))
		for k := range b {
			b[k] = alpha[r.Intn(len(alpha))]
		}
		got := m.Present(string(b))
		for id, l := range lits {
			if want := strings.Contains(LowerASCIIKeepLen(string(b)), LowerASCIIKeepLen(l)); got[id] != want {
				t.Fatalf("%q: %q = %v, want %v", b, l, got[id], want)
			}
		}
	}
}
