package rules

import (
	"math/rand"
	"strings"
	"testing"
)

// TestForkBombMay checks that shForkBombMay holds wherever shForkBombRx
// matches.
func TestForkBombMay(t *testing.T) {
	parts := []string{":", "()", "(", ")", "{", "}", "|", "&", ";", " ", "\t", "\n", "f", "x", "bomb", ":(){ :|:& };:"}
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 50000; i++ {
		var b strings.Builder
		for k := r.Intn(14); k >= 0; k-- {
			b.WriteString(parts[r.Intn(len(parts))])
		}
		text := b.String()
		if shForkBombRx.MatchString(text) && !shForkBombMay(text) {
			t.Fatalf("shForkBombMay(%q) = false, but the regexp matches", text)
		}
	}
	if !shForkBombMay(":(){ :|:& };:") || shForkBombMay("f() {\n  echo x\n}\n") {
		t.Error("shForkBombMay misjudges the plain cases")
	}
}
