// Package encoded is the facts layer for text a skill hides by encoding it:
// base64, base32, hex and base85 runs (through layers and zlib/gzip),
// char-code lists, reversal, ROT13, XOR with a constant key and fragments
// meant to be joined. It holds the pure transforms, the judgement of what
// decoded text reads as (shell, Python, JavaScript, instructions, or data
// nobody follows), the transformation cues a skill gives its reader ("XOR
// with the key …", "reverse each line", "join the parts in order"), and
// the blobs of a file with what they decode to. SV053 hands the decoded
// text to the engine as embedded files; SV318 asks whether a skill that
// tells the agent to decode something holds encoded text.
package encoded

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"encoding/ascii85"
	"encoding/base32"
	"encoding/base64"
	"encoding/hex"
	"io"
	"strings"
	"unicode/utf8"
)

// Limits on one decoding.
const (
	// MinRun is the shortest run of encoding characters that is decoded.
	MinRun = 16
	// maxLayers bounds nested encodings (base64 of base64 of hex …).
	maxLayers = 3
	// maxDecoded bounds the bytes one blob may decode or decompress to.
	maxDecoded = 256 << 10
)

// alphabet classes of a run
func isHexByte(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

var b64Bytes = func() (t [256]bool) {
	for _, c := range []byte("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_=") {
		t[c] = true
	}
	return
}()

func isB64Byte(c byte) bool { return b64Bytes[c] }

func allBytes(s string, ok func(byte) bool) bool {
	for i := 0; i < len(s); i++ {
		if !ok(s[i]) {
			return false
		}
	}
	return s != ""
}

// stripSpace drops blanks and line breaks (wrapped encodings).
func stripSpace(s string) string {
	if !strings.ContainsAny(s, " \t\r\n") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		if c := s[i]; c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			b.WriteByte(c)
		}
	}
	return b.String()
}

// DecodeHex decodes a hex string (whitespace, "0x" and "\x" prefixes
// tolerated).
func DecodeHex(s string) ([]byte, bool) {
	s = stripSpace(s)
	s = strings.ReplaceAll(strings.ReplaceAll(s, `\x`, ""), "0x", "")
	if len(s) < 2 || len(s)%2 != 0 || !allBytes(s, isHexByte) {
		return nil, false
	}
	b, err := hex.DecodeString(s)
	return b, err == nil
}

// DecodeBase64 decodes standard or URL-safe base64, padded or not,
// whitespace tolerated.
func DecodeBase64(s string) ([]byte, bool) {
	s = strings.TrimRight(stripSpace(s), "=")
	if len(s) < 4 || len(s)%4 == 1 || !allBytes(s, isB64Byte) || strings.Contains(s, "=") {
		return nil, false
	}
	std := !strings.ContainsAny(s, "-_")
	url := !strings.ContainsAny(s, "+/")
	var b []byte
	var err error
	switch {
	case std:
		b, err = base64.RawStdEncoding.DecodeString(s)
	case url:
		b, err = base64.RawURLEncoding.DecodeString(s)
	default:
		return nil, false
	}
	return b, err == nil
}

// DecodeBase32 decodes RFC 4648 base32 (upper case, padded or not).
func DecodeBase32(s string) ([]byte, bool) {
	s = strings.TrimRight(stripSpace(s), "=")
	if len(s) < 8 || !allBytes(s, func(c byte) bool { return c >= 'A' && c <= 'Z' || c >= '2' && c <= '7' }) {
		return nil, false
	}
	switch len(s) % 8 {
	case 1, 3, 6:
		return nil, false
	}
	b, err := base32.StdEncoding.WithPadding(base32.NoPadding).DecodeString(s)
	return b, err == nil
}

// b85Alphabet is RFC 1924's, which Python's base64.b85encode uses.
const b85Alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~"

// z85Alphabet is ZeroMQ's Z85.
const z85Alphabet = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#"

var b85Index, z85Index = alphabetIndex(b85Alphabet), alphabetIndex(z85Alphabet)

func alphabetIndex(a string) *[256]int16 {
	var t [256]int16
	for i := range t {
		t[i] = -1
	}
	for i := 0; i < len(a); i++ {
		t[a[i]] = int16(i)
	}
	return &t
}

// DecodeBase85 decodes Python's base85 (RFC 1924 alphabet; a short last
// group is padded as b85decode pads it), Z85, or Adobe ascii85 (<~ … ~>).
func DecodeBase85(s string) ([]byte, bool) {
	s = stripSpace(s)
	if len(s) >= 4 && strings.HasPrefix(s, "<~") && strings.HasSuffix(s, "~>") {
		s = s[2 : len(s)-2]
		dst := make([]byte, 4*len(s)/5+8)
		n, _, err := ascii85.Decode(dst, []byte(s), true)
		return dst[:n], err == nil && n > 0
	}
	if len(s) < 10 {
		return nil, false
	}
	if b, ok := decode85(s, b85Index); ok {
		return b, true
	}
	if len(s)%5 == 0 {
		return decode85(s, z85Index)
	}
	return nil, false
}

func decode85(s string, idx *[256]int16) ([]byte, bool) {
	pad := (5 - len(s)%5) % 5
	out := make([]byte, 0, len(s)/5*4+4)
	for i := 0; i < len(s); i += 5 {
		var v uint64
		for k := 0; k < 5; k++ {
			d := int16(84)
			if i+k < len(s) {
				if d = idx[s[i+k]]; d < 0 {
					return nil, false
				}
			}
			v = v*85 + uint64(d)
		}
		if v > 0xffffffff {
			return nil, false
		}
		out = append(out, byte(v>>24), byte(v>>16), byte(v>>8), byte(v))
	}
	return out[:len(out)-pad], true
}

// inflate undoes zlib or gzip compression recognised by its header; other
// bytes come back unchanged.
func inflate(b []byte) ([]byte, string) {
	var r io.Reader
	name := ""
	switch {
	case len(b) > 2 && b[0] == 0x1f && b[1] == 0x8b:
		zr, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			return b, ""
		}
		r, name = zr, "gzip"
	case len(b) > 2 && b[0] == 0x78 && (b[1] == 0x01 || b[1] == 0x5e || b[1] == 0x9c || b[1] == 0xda):
		zr, err := zlib.NewReader(bytes.NewReader(b))
		if err != nil {
			return b, ""
		}
		r, name = zr, "zlib"
	default:
		return b, ""
	}
	var out bytes.Buffer
	n, err := io.Copy(&out, io.LimitReader(r, maxDecoded+1))
	if err != nil && out.Len() == 0 || n > maxDecoded {
		return b, ""
	}
	return out.Bytes(), name
}

// DecodeRun decodes a run of encoding characters through up to three
// layers of hex, base32 or base64 and zlib/gzip compression. It returns the
// innermost bytes and the chain of encodings ("base64", "hex → gzip",
// "base64 → base64"). ok is false when s is not valid in any encoding.
func DecodeRun(s string) (b []byte, chain []string, ok bool) {
	cur := stripSpace(s)
	if len(cur) < MinRun {
		return nil, nil, false
	}
	for layer := 0; layer < maxLayers; layer++ {
		out, name := decodeLayer(cur)
		if name == "" || len(out) > maxDecoded {
			break
		}
		step := []string{name}
		if x, z := inflate(out); z != "" {
			out = x
			step = append(step, z)
		}
		if layer > 0 && !Printable(out) {
			break // the text was not another layer after all
		}
		b, chain = out, append(chain, step...)
		// another layer: the output is itself a run of encoding characters
		inner := stripSpace(string(out))
		if len(inner) < MinRun || !allBytes(inner, isB64Byte) {
			break
		}
		cur = inner
	}
	return b, chain, len(chain) > 0
}

// decodeLayer decodes one layer: of the encodings t is valid in (hex,
// base32, base64, in that order), the first whose output is text or
// compressed data, else the first.
func decodeLayer(t string) ([]byte, string) {
	var first []byte
	name := ""
	try := func(b []byte, ok bool, n string) bool {
		if !ok {
			return false
		}
		if name == "" {
			first, name = b, n
		}
		if Printable(b) || len(b) > 2 && (b[0] == 0x1f && b[1] == 0x8b || b[0] == 0x78) {
			first, name = b, n
			return true
		}
		return false
	}
	if allBytes(t, isHexByte) {
		if b, ok := DecodeHex(t); try(b, ok, "hex") {
			return first, name
		}
	}
	if b, ok := DecodeBase32(t); try(b, ok, "base32") {
		return first, name
	}
	if b, ok := DecodeBase64(t); try(b, ok, "base64") {
		return first, name
	}
	return first, name
}

// Printable reports whether b is UTF-8 text with at most 5% control
// characters (tabs and line breaks are text).
func Printable(b []byte) bool {
	if len(b) == 0 || !utf8.Valid(b) {
		return false
	}
	bad := 0
	for _, c := range b {
		if c < 0x20 && c != '\n' && c != '\r' && c != '\t' || c == 0x7f {
			bad++
		}
	}
	return bad*20 <= len(b)
}

// XOR applies a repeating key.
func XOR(b, key []byte) []byte {
	if len(key) == 0 {
		return b
	}
	out := make([]byte, len(b))
	for i, c := range b {
		out[i] = c ^ key[i%len(key)]
	}
	return out
}

// ROT13 rotates ASCII letters by 13.
func ROT13(s string) string {
	b := []byte(s)
	for i, c := range b {
		switch {
		case c >= 'a' && c <= 'z':
			b[i] = 'a' + (c-'a'+13)%26
		case c >= 'A' && c <= 'Z':
			b[i] = 'A' + (c-'A'+13)%26
		}
	}
	return string(b)
}

// Reverse reverses s by runes.
func Reverse(s string) string {
	r := []rune(s)
	for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
		r[i], r[j] = r[j], r[i]
	}
	return string(r)
}

// ReverseLines reverses every line of s, keeping the line order.
func ReverseLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = Reverse(strings.TrimRight(l, "\r"))
	}
	return strings.Join(lines, "\n")
}

// Interleave reads the fragments' characters in turn (a[0] b[0] c[0]
// a[1] …), the inverse of dealing a string out into columns.
func Interleave(parts []string) string {
	var b strings.Builder
	for i := 0; ; i++ {
		any := false
		for _, p := range parts {
			if i < len(p) {
				b.WriteByte(p[i])
				any = true
			}
		}
		if !any {
			return b.String()
		}
	}
}

// CharCodes decodes a list of at least eight decimal or hex character
// codes ("99, 117, 114, 108", "[0x63,0x75,…]") into text; every code must
// be printable ASCII, a tab or a line break.
func CharCodes(s string) (string, bool) {
	var b strings.Builder
	n := 0
	for _, f := range strings.FieldsFunc(s, func(r rune) bool {
		return r == ',' || r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == ';' || r == '[' || r == ']' || r == '(' || r == ')' || r == '{' || r == '}'
	}) {
		v, ok := parseCode(f)
		if !ok || !(v >= 0x20 && v < 0x7f || v == '\n' || v == '\t' || v == '\r') {
			return "", false
		}
		b.WriteByte(byte(v))
		n++
	}
	return b.String(), n >= 8
}

func parseCode(f string) (int, bool) {
	base := 10
	if strings.HasPrefix(f, "0x") || strings.HasPrefix(f, "0X") {
		f, base = f[2:], 16
	}
	if f == "" || len(f) > 4 {
		return 0, false
	}
	v := 0
	for i := 0; i < len(f); i++ {
		c := f[i]
		var d int
		switch {
		case c >= '0' && c <= '9':
			d = int(c - '0')
		case base == 16 && c >= 'a' && c <= 'f':
			d = int(c-'a') + 10
		case base == 16 && c >= 'A' && c <= 'F':
			d = int(c-'A') + 10
		default:
			return 0, false
		}
		v = v*base + d
	}
	return v, true
}
