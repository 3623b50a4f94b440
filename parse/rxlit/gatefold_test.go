package rxlit

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestMatchFold: a gate tested on a text as it is answers as on its
// ASCII-lower-cased copy, over random mixed-case texts built from the
// gates' own literals.
func TestMatchFold(t *testing.T) {
	exprs := []string{
		`(?i)\bdo not tell the user\b`,
		`(?i)(?:invoke-webrequest|downloadstring)\S*\s+.*\b(?:iex|invoke-expression)\b`,
		`(?i)api[_-]?key\s*=\s*\S{16,}`,
		`(?i)\.(?:zip|rar|7z)\b.{0,40}password`,
		`(?i)x{3,}y`,
	}
	parts := []string{"do not ", "DO NOT ", "Tell The User", "do", "DO", "Not", "not", "TELL", "tell", "the", "THE", "user", "User", " ", "\n", "Invoke-WebRequest",
		"DownloadString", "IEX", "iex", "API_KEY", "api-key", "=", "0123456789abcdef0123", ".ZIP", ".rar", "7z", "Password",
		"xXx", "XXX", "y", "Y", "é", "\u017f", "q", "Q"}
	rng := rand.New(rand.NewPCG(9, 10))
	for _, e := range exprs {
		g := NewGate(e)
		if g == nil {
			t.Fatalf("%s: no gate", e)
		}
		pass := 0
		for i := 0; i < 20000; i++ {
			s := randomText(rng, parts, 20)
			want := g.Match(LowerASCIIKeepLen(s))
			if want {
				pass++
			}
			if got := g.matchFold(s); got != want {
				t.Fatalf("%s on %q: matchFold %v, Match of the lower case %v", e, s, got, want)
			}
		}
		if pass == 0 {
			t.Errorf("%s: no random text passed the gate; the property was not exercised", e)
		}
	}
}

// TestIndexFold: a literal's first place in a text as it is is its first
// place in the text's ASCII-lower-cased copy, over random mixed-case
// texts in which literals of common and rare bytes recur.
func TestIndexFold(t *testing.T) {
	lits := []string{"do not", "tell", "x", "ab", "aba", "-----begin", "iex", "the user", "é", "7z", "zz"}
	parts := []string{"do not ", "DO NOT ", "Do", "nOT", "Tell", "TELL", "te", "ll", "x", "X", "a", "A", "b", "B", "aba", "ABA",
		"-----BEGIN", "-----", "begin", "IEX", "iEx", " ", "\n", "é", "É", "7Z", "z", "Z", "the USER", "\u212a"}
	rng := rand.New(rand.NewPCG(11, 12))
	for _, s := range lits {
		l := newLit(s)
		found := 0
		for i := 0; i < 20000; i++ {
			text := randomText(rng, parts, 12)
			want := strings.Index(LowerASCIIKeepLen(text), s)
			if want >= 0 {
				found++
			}
			if got := l.indexFold(text); got != want {
				t.Fatalf("%q in %q: indexFold %d, Index of the lower case %d", s, text, got, want)
			}
		}
		if found == 0 {
			t.Errorf("%q: in no random text; the property was not exercised", s)
		}
	}
}
