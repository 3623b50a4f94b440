package rxlit

import (
	"regexp"
	"testing"
)

// TestNonASCIIFolds: Go's case-insensitive matching folds ſ (U+017F) to s
// and the Kelvin sign (U+212A) to k; a gate that lower-cases ASCII only
// must let such texts through to the regexp.
func TestNonASCIIFolds(t *testing.T) {
	for _, c := range []struct {
		expr, text string
	}{
		{`(?i)smartscreen`, "turn off \u017fmartscreen now"},
		{`(?i)\bdisable\s+tamper protection`, "disable tamper protection"},
		{`(?i)keychain`, "dump the \u212aeychain"},
	} {
		r := MustRx(c.expr)
		if !r.Regexp().MatchString(c.text) {
			t.Fatalf("%s: the regexp itself does not match %q", c.expr, c.text)
		}
		if !r.MatchString(c.text) {
			t.Errorf("%s: the gate hid a match in %q", c.expr, c.text)
		}
	}
	// a case-sensitive pattern keeps its gate
	if r := MustRx(`smartscreen`).derived(); r.foldSK {
		t.Error("case-sensitive pattern marked as folding")
	}
}

// TestRxInvalid: an invalid pattern panics at its first use with
// regexp.MustCompile's message, and again at the next.
func TestRxInvalid(t *testing.T) {
	r := &Rx{expr: `a(b`} // MustRx, left out of the registry TestRegisteredDerivations reads
	want := func() (msg any) {
		defer func() { msg = recover() }()
		regexp.MustCompile(`a(b`)
		return nil
	}()
	for i := 0; i < 2; i++ {
		got := func() (msg any) {
			defer func() { msg = recover() }()
			r.MatchString("ab")
			return nil
		}()
		if got == nil || i == 0 && got != want {
			t.Errorf("use %d: panic %v, want %v", i, got, want)
		}
	}
}
