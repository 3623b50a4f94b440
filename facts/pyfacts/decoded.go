package pyfacts

import (
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/skillvet/skillvet/parse/python"
)

// DecodedString is text a module computes from constants through a
// decoder or an obfuscation: base64, base85, hex, codecs, zlib, chr lists,
// reversal, XOR with a key.
type DecodedString struct {
	Start, End int // byte span of the expression in the module's source
	Text       string
	How        string // the decoder, e.g. "base64.b85decode", "XOR"
}

// maxDecodedStrings bounds the strings DecodedStrings returns.
const maxDecodedStrings = 32

// DecodedStrings returns the distinct texts (valid UTF-8, at least eight
// bytes) that the module's assignments and call arguments fold to through
// a decoder or an obfuscation, outermost expressions first, at most 32.
func DecodedStrings(m *python.Module) []DecodedString {
	type span struct{ a, b int }
	var spans []span
	for _, as := range m.Assigns {
		for _, a := range as {
			if !a.Aug {
				spans = append(spans, span{a.Start, a.End})
			}
		}
	}
	for _, c := range m.Calls {
		for _, a := range c.Args {
			spans = append(spans, span{a.Start, a.End})
		}
	}
	// outermost first: an expression before the ones inside it
	sort.Slice(spans, func(i, j int) bool {
		if spans[i].a != spans[j].a {
			return spans[i].a < spans[j].a
		}
		return spans[i].b > spans[j].b
	})
	var out []DecodedString
	seen := map[string]bool{}
	for _, s := range spans {
		if s.a >= s.b || len(out) >= maxDecodedStrings {
			continue
		}
		how := obfuscation(m, s.a, s.b)
		if how == "" {
			continue
		}
		t, ok := m.Fold(s.a, s.b)
		if !ok || len(t) < 8 || !utf8.ValidString(t) || seen[t] {
			continue
		}
		seen[t] = true
		out = append(out, DecodedString{Start: m.Toks[s.a].Start, End: m.Toks[s.b-1].End, Text: t, How: how})
	}
	return out
}

// obfuscation names the decoders and obfuscations in tokens [a, b)
// ("base64.b85decode, XOR"), or "".
func obfuscation(m *python.Module, a, b int) string {
	var names []string
	seen := map[string]bool{}
	add := func(n string) {
		if !seen[n] && len(names) < 4 {
			seen[n] = true
			names = append(names, n)
		}
	}
	for _, r := range m.RefsIn(a, b) {
		if isDecodeRef(r) || r.Call && (r.Name == "chr" || r.Name == "reversed") {
			add(r.Name)
		}
	}
	for k := a; k < b; k++ {
		if m.Is(k, "^") {
			add("XOR")
		}
		if k+4 < b && m.Is(k, "[") && m.Is(k+1, ":") && m.Is(k+2, ":") && m.Is(k+3, "-") && m.Toks[k+4].Kind == python.Number {
			add("reversal")
		}
	}
	return strings.Join(names, ", ")
}
