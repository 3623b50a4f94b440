package rxlit

import (
	"math/rand/v2"
	"testing"
	"unicode"
)

// TestFoldRune: a rune and every member of its case-folding orbit have
// one representative, ASCII when the orbit holds an ASCII letter.
func TestFoldRune(t *testing.T) {
	for r := rune(0); r <= 0x2FFFF; r++ {
		want := foldRune(r)
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			if got := foldRune(f); got != want {
				t.Fatalf("%U and %U fold to %U and %U", r, f, want, got)
			}
		}
	}
	for r, want := range map[rune]rune{'K': 'k', '\u212a': 'k', '\u017f': 's', 'п': foldRune('П'), 'ς': foldRune('σ')} {
		if got := foldRune(r); got != want {
			t.Errorf("foldRune(%q) = %q, want %q", r, got, want)
		}
	}
}

// unicodePatterns are case-insensitive patterns with literals beyond
// ASCII, of the kind the translated-lure checks use, and look-alikes.
var unicodePatterns = []struct {
	expr  string
	ugate bool
}{
	{`(?i)(粘贴|复制|вставьте|скопируйте|pega|copia)[^\n]{0,40}(终端|терминал|terminal)`, true},
	{`(?i)пароль\s*:\s*\S{3,}`, true},
	{`(?i)(σοφία|ΣΟΦΟΣ)\b`, true},
	{`(?i)\bİstanbul\b`, false}, // İ lower-cases outside its orbit
	{`(?i)\bpassword\b`, false}, // ASCII: the ordinary gate
	{`(?i)(?:a|b)пароль`, true},
	{`(?i)\w+`, false},      // no literal at all
	{`пароль|Пароль`, true}, // case-sensitive: folding finds a superset
}

func TestUnicodeGate(t *testing.T) {
	for _, p := range unicodePatterns {
		if got := MustRx(p.expr).derived().ugate != nil; got != p.ugate {
			t.Errorf("%s: unicode gate %v, want %v", p.expr, got, p.ugate)
		}
	}
	r := MustRx(unicodePatterns[0].expr)
	if r.May("nothing to see here, just a terminal") {
		t.Error("the gate passes a text without the verbs")
	}
	if !r.MatchString("ВСТАВЬТЕ это в ТЕРМИНАЛ") {
		t.Error("upper-case Cyrillic does not match")
	}
}

// TestUnicodeGateNeverHidesMatch: May holds on every text the regexp
// matches, over random texts of mixed scripts and cases, with ſ, the
// Kelvin sign, final sigma and invalid bytes.
func TestUnicodeGateNeverHidesMatch(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	alpha := []string{"粘贴", "复制", "вставьте", "ВСТАВЬТЕ", "Скопируйте", "pega", "PEGA", "copia", " ", "\n", "终端", "терминал",
		"ТЕРМИНАЛ", "Terminal", "пароль", "ПАРОЛЬ", "Пароль", ": ", "abc", "σοφία", "ΣΟΦΊΑ", "σοφιας", "ΣΟΦΟΣ", "σοφος", "ς",
		"\u017f", "\u212a", "\xff", "x", "a", "b", "İstanbul", "istanbul", "ISTANBUL"}
	for _, p := range unicodePatterns {
		matched := mayHoldsOnRandom(t, MustRx(p.expr), rng, alpha, 20000, true)
		if p.ugate && matched == 0 {
			t.Errorf("%s: no random text matched; the property was not exercised", p.expr)
		}
	}
}

// FuzzUnicodeGate checks that the Unicode gates never hide a match.
func FuzzUnicodeGate(f *testing.F) {
	var exprs []string
	for _, p := range unicodePatterns {
		exprs = append(exprs, p.expr)
	}
	fuzzMayHolds(f, []string{"ВСТАВЬТЕ в терминал", "пароль: secret", "ΣΟΦΟΣ", "σοφος", "pega en la terminal", "\u017f"}, exprs)
}
