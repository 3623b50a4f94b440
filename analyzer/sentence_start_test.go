package analyzer

import (
	"math/rand"
	"strings"
	"testing"
)

// sentenceStartWhole is sentenceStart matching the abbreviation against
// the whole text before each dot, as it first did: the reference the
// tail-only search must agree with.
func sentenceStartWhole(text string) int {
	for {
		k := strings.LastIndexAny(text, ".!?\n")
		if k < 0 {
			return 0
		}
		if m := abbrevEndRx.FindStringSubmatchIndex(text[:k+1]); text[k] == '.' && m != nil {
			text = text[:m[2]]
			continue
		}
		return k + 1
	}
}

// The abbreviation is looked for in the last bytes before a dot only; the
// sentence found must be the same as when the whole text is searched.
func TestSentenceStartTail(t *testing.T) {
	pieces := []string{"e.g.", "i.e.", "etc.", "vs.", "cf.", "E.G.", "be.g.", " ", "x", "word", ". ", "!", "?", "\n", "é", "日本", "(", "`rm`", "see", "etc"}
	r := rand.New(rand.NewSource(1))
	for n := 0; n < 20000; n++ {
		var b strings.Builder
		for i := r.Intn(24); i >= 0; i-- {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		s := b.String()
		if got, want := sentenceStart(s), sentenceStartWhole(s); got != want {
			t.Fatalf("sentenceStart(%q) = %d, want %d", s, got, want)
		}
	}
}
