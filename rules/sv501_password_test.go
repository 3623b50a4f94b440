package rules

import (
	"math/rand"
	"strings"
	"testing"
)

// TestLurePassword checks shLurePassword against the whole regexp.
func TestLurePassword(t *testing.T) {
	texts := []string{"", "password: infected", "PW = abc123", "passis xyz", "pass\t\nis 'abcd'", "Passcode IS `1234`",
		"extract it with the password", "Unzip the archive with key", "open with the KEY", "pwd:", "the pw is hidden",
		"paſſword: abc", "\u212aey: x", "extract with \u212aey", "→ password: abc", "é pw is x", "bypass = yes", "passwords are: x", "compass: north"}
	words := []string{"pass", "PW", "pwd", "password", "passwd", "passcode", "is", ":", "=", " ", "\t", "\n", "with",
		"extract", "the", "key", "'", "`", "*", "abc", "x", ".", "unzip", "Is", "é", "→", "ſ", "\u212a"}
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		for k := r.Intn(10); k >= 0; k-- {
			b.WriteString(words[r.Intn(len(words))])
		}
		texts = append(texts, b.String())
	}
	for _, text := range texts {
		if got, want := shLurePassword(newShLits(text), text), shLurePasswordRx.MatchString(text); got != want {
			t.Fatalf("shLurePassword(%q) = %v, want %v", text, got, want)
		}
	}
}
