package analyzer

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Sanitize makes attacker-controlled text safe to print in a terminal, a
// log or a PR comment: invalid UTF-8 becomes U+FFFD, and control, format
// (zero-width, bidi) and Unicode tag characters become visible \u{XXXX}
// escapes, so a finding cannot carry ANSI escape sequences or reorder the
// text around it, and hidden characters show up.
func Sanitize(s string) string {
	clean := true
	for _, r := range s {
		if needsEscape(r) {
			clean = false
			break
		}
	}
	if clean && utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, "\\x%02x", s[i])
		case needsEscape(r):
			fmt.Fprintf(&b, "\\u{%04X}", r)
		default:
			b.WriteRune(r)
		}
		i += n
	}
	return b.String()
}

func needsEscape(r rune) bool {
	if r == '\t' {
		return false
	}
	if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) {
		return true
	}
	if r >= 0xE0000 && r <= 0xE007F {
		return true // tag characters
	}
	// Cf covers zero-width joiners and spaces, bidi controls, soft hyphen.
	return unicode.Is(unicode.Cf, r) || r == utf8.RuneError
}
