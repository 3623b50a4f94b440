package rxlit

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
)

func TestLeadingLits(t *testing.T) {
	for _, c := range []struct {
		expr string
		want []string // nil: no leading literals
	}{
		{`\b(?:do not|don't|never)\s+tell\b`, []string{"do not", "don't", "never"}},
		{`(?m)^fetch\s+\S+`, []string{"fetch"}},
		{`(?:run|runs)+ it`, []string{"run", "runs"}},
		{`\bcurl\b|\bwget\b`, []string{"curl", "wget"}},
		{`(?i)\bcurl\b`, []string{"curl"}},                    // sought in the lower-cased text
		{`(?i)caf\x{e9}`, nil},                                // a case-insensitive letter outside ASCII
		{`(?:the )?secret`, []string{"secret", "the secret"}}, // an optional part of a few strings
		{`(?:\w+ )?secret`, nil},                              // an optional word
		{`[Cc]url`, []string{"curl"}},                         // the parser makes [Cc] a case-insensitive c
		{`[abcde]url`, nil},                                   // a class
		{`\b\w+ ignore`, nil},                                 // a word of any letters
		{`a*b`, nil},                                          // may begin with b
		{`(?:tell|(?i)inform) x`, []string{"tell x", "inform x"}},
	} {
		l := newLeading(regexp.MustCompile(c.expr))
		var got []string
		if l != nil {
			got = l.lits
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: leading %q, want %q", c.expr, got, c.want)
		}
	}
}

// leadingPatterns exercise the anchoring: word boundaries and line
// anchors that look at the character before, overlapping literals, a
// literal inside another, the end of the text.
var leadingPatterns = []string{
	`\b(?:do not|don't|never)\s+(?:\w+\s+)?tell(?:ing)?\b`,
	`\bab\b`,
	`\Bab`,
	`(?m)^ab\s*$`,
	`^ab`,
	`aa+b`,
	`(?:ab|abab)c`,
	`(?:a|ab)(?:c|bcd)`,
	`ab(?:c|$)`,
	`\b(?:fetch|get)\s+(?:\S+\s+){0,3}?(?:and|then)\s+run\b`,
	`é\b`,
	`(?i)\bhttps?://[^\s"'<>]+`,
	`(?i)\b(?:do not|never)\s+tell\b`,
	`(?i)ask\b`,
	`(?i:ab)C`,
}

func checkLeading(t *testing.T, l *leading, re *regexp.Regexp, s string) {
	t.Helper()
	if !l.usable(s) {
		return // Rx leaves such a text to the regexp (TestRxLeading)
	}
	if got, want := l.find(s), re.FindStringIndex(s); !slices.Equal(got, want) {
		t.Fatalf("%s on %q: %v, want %v", re, s, got, want)
	}
	for _, n := range []int{-1, 1, 2} {
		if got, want := l.findAll(s, n), re.FindAllStringIndex(s, n); !slices.EqualFunc(got, want, slices.Equal) {
			t.Fatalf("%s on %q, all (%d): %v, want %v", re, s, n, got, want)
		}
	}
}

// TestLeadingFind compares the anchored search with the regexp's own on
// random texts over the patterns' literals and the characters their
// assertions look at.
func TestLeadingFind(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	alpha := []string{"a", "b", "c", "d", "ab", "aab", " ", "\n", "x", "_", "é", "\xff", "do not", "never", "tell",
		"telling", "fetch", "get", "and", "run", "then", "bcd", "abab", "don't", ".", "-", "HTTP://", "https://", "Https://x",
		"NEVER", "Tell", "ASK", "a\u017fk", "\u212a", "AB", "C", "\"", "/", "fetch it and run", "get x then run"}
	for _, expr := range leadingPatterns {
		re := regexp.MustCompile(expr)
		l := newLeading(re)
		if l == nil {
			t.Fatalf("%s: no leading literals", expr)
		}
		found := 0
		for i := 0; i < 20000; i++ {
			size := 16
			if i%10 == 0 {
				size = 200 // crowded with places that start no match: the regexp takes over
			}
			s := randomText(rng, alpha, size)
			if re.MatchString(s) {
				found++
			}
			checkLeading(t, l, re, s)
		}
		if found == 0 {
			t.Errorf("%s: no random text matched; the property was not exercised", expr)
		}
	}
}

// TestLeadingCrowded: after leadingMisses places that start no match,
// the search hands over to the regexp, and still finds what it finds.
func TestLeadingCrowded(t *testing.T) {
	for _, expr := range leadingPatterns {
		re := regexp.MustCompile(expr)
		l := newLeading(re)
		for _, s := range []string{
			strings.Repeat("abx xab never told fetch it ", 12) + "do not tell ab ababc fetch x and run aab https://x.y never tell",
			strings.Repeat("ab ", 30) + "\n" + strings.Repeat("xab\n", 30) + "ab",
			strings.Repeat("é", 20) + strings.Repeat("aé ", 20),
		} {
			checkLeading(t, l, re, s)
		}
	}
	var sc leadScan
	sc.init(newLeading(regexp.MustCompile(`\bab\b`)), strings.Repeat("xab ", 20)+"ab")
	if m := sc.find(0); sc.misses < leadingMisses || !slices.Equal(m, []int{80, 82}) {
		t.Errorf("misses %d, match %v: want the regexp to take over and find [80 82]", sc.misses, m)
	}
}

// TestRxLeading checks that Rx routes long texts through the leading
// search and answers as the regexp does.
func TestRxLeading(t *testing.T) {
	r := MustRx(`\b(?:do not|never)\s+tell\b`).derived()
	if r.lead == nil {
		t.Fatal("no leading literals")
	}
	text := strings.Repeat("filler words here, ", 5) + "xnever tell, then do not tell anyone"
	if got, want := r.FindStringIndex(text), r.Regexp().FindStringIndex(text); !slices.Equal(got, want) {
		t.Errorf("FindStringIndex %v, want %v", got, want)
	}
	if got, want := r.FindString(text), r.Regexp().FindString(text); got != want {
		t.Errorf("FindString %q, want %q", got, want)
	}
	if !r.MatchString(text) || r.MatchString(strings.Repeat("never told ", 10)) {
		t.Error("MatchString disagrees with the regexp")
	}
	// (?i) s and k: a text holding ſ or the Kelvin sign goes to the regexp
	r = MustRx(`(?i)\b(?:ask|sk)\s+now\b`).derived()
	if r.lead == nil || !r.lead.sk {
		t.Fatal("want folded leading literals with s or k")
	}
	text = strings.Repeat("filler words here, ", 5) + "then a\u017fk now and \u212a... SK NOW"
	if got, want := r.FindAllStringIndex(text, -1), r.Regexp().FindAllStringIndex(text, -1); !slices.EqualFunc(got, want, slices.Equal) || len(want) != 2 {
		t.Errorf("FindAllStringIndex %v, want %v (two matches)", got, want)
	}
	if got, want := r.FindAllString(text, 1), r.Regexp().FindAllString(text, 1); !slices.Equal(got, want) {
		t.Errorf("FindAllString %q, want %q", got, want)
	}
}

// FuzzLeading compares the anchored search with the regexp's own.
func FuzzLeading(f *testing.F) {
	for _, s := range []string{"do not tell", "xab ab", "a\nab  \n", "aaab", "ababc", "abcd", "é", "fetch x and run"} {
		f.Add(s)
	}
	type pair struct {
		l  *leading
		re *regexp.Regexp
	}
	var ps []pair
	for _, expr := range leadingPatterns {
		re := regexp.MustCompile(expr)
		ps = append(ps, pair{newLeading(re), re})
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, p := range ps {
			checkLeading(t, p.l, p.re, s)
		}
	})
}
