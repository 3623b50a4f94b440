package prose

import (
	"bytes"
	"github.com/skillvet/skillvet/facts/match"
	"strings"
)

// LineAround returns the start and end of the line (or lines) holding
// [start, end) of c, the newline excluded.
func LineAround(c []byte, start, end int) (ls, le int) {
	ls = bytes.LastIndexByte(c[:start], '\n') + 1
	le = bytes.IndexByte(c[end:], '\n')
	if le < 0 {
		return ls, len(c)
	}
	return ls, le + end
}

// LineAroundText is LineAround for a string.
func LineAroundText(s string, start, end int) (ls, le int) {
	ls = strings.LastIndexByte(s[:start], '\n') + 1
	le = strings.IndexByte(s[end:], '\n')
	if le < 0 {
		return ls, len(s)
	}
	return ls, le + end
}

// EvidenceLine returns the source line holding [start, end) with that range
// replaced by mark, for evidence that does not itself hide anything.
func EvidenceLine(c []byte, start, end int, mark string) string {
	ls, le := LineAround(c, start, end)
	return StripInvisibleRunes(c[ls:start]) + mark + StripInvisibleRunes(c[end:le])
}

// StripInvisibleRunes drops invisible characters so evidence shows what is
// really there.
func StripInvisibleRunes(b []byte) string {
	var sb strings.Builder
	for _, r := range string(b) {
		if !InvisibleRune(r) {
			sb.WriteRune(r)
		}
	}
	return sb.String()
}

// ZeroWidthKeywordRx matches the words that invisible characters are
// used to hide from a reader or a filter (instructions, secrets, commands).
var ZeroWidthKeywordRx = match.MustRx(`(?i)ignore|disregard|forget|instruction|system|prompt|assistant|admin|override|bypass|secret|token|password|passwd|credential|api.?key|ssh|curl|wget|bash|sudo|eval|exec|base64|upload|exfil|webhook|http|chmod|rm\b|powershell|invoke|download|send|post\b|token|wallet|private`)
