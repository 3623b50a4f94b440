package rxlit

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// randomText joins one to max+1 parts drawn at random, the texts of the
// property tests that compare a shortcut with the regexp it stands for.
func randomText(rng *rand.Rand, parts []string, max int) string {
	var b strings.Builder
	for n := rng.IntN(max); n >= 0; n-- {
		b.WriteString(parts[rng.IntN(len(parts))])
	}
	return b.String()
}

// fuzzMayHolds fuzzes the property every gate rests on: May holds on
// every text the regexp matches.
func fuzzMayHolds(f *testing.F, seeds, exprs []string) {
	for _, s := range seeds {
		f.Add(s)
	}
	var rs []*Rx
	for _, e := range exprs {
		rs = append(rs, MustRx(e))
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, r := range rs {
			if r.Regexp().MatchString(s) && !r.May(s) {
				t.Fatalf("%s: May rejects %q, which the regexp matches", r, s)
			}
		}
	})
}

// mayHoldsOnRandom checks May, and with lower MayLower of the lower-cased
// text, on every one of n random texts that the regexp matches; it
// returns how many matched, for the caller to see the property exercised.
func mayHoldsOnRandom(t *testing.T, r *Rx, rng *rand.Rand, parts []string, n int, lower bool) int {
	t.Helper()
	matched := 0
	for i := 0; i < n; i++ {
		s := randomText(rng, parts, 8)
		if !r.Regexp().MatchString(s) {
			continue
		}
		matched++
		if !r.May(s) || lower && !r.MayLower(LowerASCIIKeepLen(s)) {
			t.Fatalf("%s: the gate rejects %q, which the regexp matches", r, s)
		}
	}
	return matched
}
