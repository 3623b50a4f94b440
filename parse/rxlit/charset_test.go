package rxlit

import (
	"math/rand/v2"
	"testing"
)

// wholePatterns are whole-text patterns of the kinds the rules use, and
// look-alikes that must get no byte set.
var wholePatterns = []struct {
	expr  string
	whole bool
}{
	{`^_0x[0-9a-f]{3,8}$`, true},
	{`^(_*[O0]{6,}_*|_*[lI1]{6,}_*|_0x[0-9a-fA-F]{3,}|_{6,}|[Il]{3,}[Il1]*[0-9]*)$`, true},
	{`^(?:python(?:[23](?:\.\d+)?)?|py|pypy3?|ipython3?)(?:\.exe)?$`, true},
	{`^[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$|^\d{1,3}(\.\d{1,3}){3}$`, true},
	{`(?i)^(?:bash|zsh|dash)$`, false}, // (?i) s folds to ſ: not ASCII
	{`(?i)^(?:node|deno|bun)$`, true},
	{`\A(?:rm|dd)\z`, true},
	{`^curl\b.*$`, false},        // any character
	{`^[^/]+$`, false},           // a negated class reaches past ASCII
	{`^cur|l$`, false},           // each branch anchored at one end only
	{`(?m)^node$`, false},        // line anchors
	{`^node`, false},             // open end
	{`^caf\x{e9}$`, false},       // a letter outside ASCII
	{`^(?:a|b)*$`, true},         // the empty text matches, and holds no byte
	{`^(x)$|^(?:yy|zz)+$`, true}, // every branch anchored
	{`^(?:\s*-\s*)+$`, true},     // \s is ASCII in Go
	{`^\w+(?:\.\w+)*@\w+\.\w+$`, true},
}

func TestWholeTextBytes(t *testing.T) {
	for _, p := range wholePatterns {
		if got := MustRx(p.expr).derived().whole != nil; got != p.whole {
			t.Errorf("%s: byte set %v, want %v", p.expr, got, p.whole)
		}
	}
}

// TestWholeTextNeverHidesMatch: May holds on every text the regexp
// matches, over random texts drawn from the patterns' own bytes and a few
// others (a property test; FuzzWholeText explores further).
func TestWholeTextNeverHidesMatch(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	alpha := []string{"_", "0", "x", "O", "l", "I", "1", "a", "f", "F", "p", "y", "t", "h", "o", "n", "3", ".", "e",
		"-", "@", " ", "\t", "s", "k", "\u017f", "\u212a", "\xff", "node", "python3", "_0x", "é"}
	for _, p := range wholePatterns {
		matched := mayHoldsOnRandom(t, MustRx(p.expr), rng, alpha, 20000, false)
		if p.whole && matched == 0 && p.expr != `\A(?:rm|dd)\z` {
			t.Errorf("%s: no random text matched; the property was not exercised", p.expr)
		}
	}
	// and it rejects what it should
	r := MustRx(`^_0x[0-9a-f]{3,8}$`)
	for _, s := range []string{"self", "_0x1g2", "data_0x"} {
		if r.May(s) {
			t.Errorf("May(%q) holds: a byte outside the pattern's set", s)
		}
	}
}

// FuzzWholeText checks that the byte set never hides a match.
func FuzzWholeText(f *testing.F) {
	var exprs []string
	for _, p := range wholePatterns {
		exprs = append(exprs, p.expr)
	}
	fuzzMayHolds(f, []string{"_0xabc", "OOOOOO", "python3.11", "a.b.example.com", "node", "x", "yyzz", " - - ", "a@b.co", "\u017f"}, exprs)
}

// TestMayWithin: the whole-text byte set speaks for a text, not for its
// parts; MayWithin, which rules ask of a file before its lines, ignores it.
func TestMayWithin(t *testing.T) {
	r := MustRx(`^_0x[0-9a-f]{3,8}$`)
	file := "var self = 1\n_0xabc\n"
	if r.May(file) {
		t.Error("May holds on a text with bytes outside the set")
	}
	if !r.MayWithin(file) {
		t.Error("MayWithin rejects a text whose line matches")
	}
	if r.MayWithin("no hex names here") {
		t.Error("MayWithin passes a text without the literal")
	}
}
