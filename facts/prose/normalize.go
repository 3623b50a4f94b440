package prose

import (
	"math"
	"sort"
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// NormText is text folded for phrase matching, with a map back to the
// original bytes (off).
type NormText struct {
	Text string
	// runs map Text back to the source: from runs[k].out on, the bytes
	// of Text come from the source bytes from runs[k].src on, one for one,
	// until the next run; a new run starts wherever that stops holding
	// (whitespace collapsed, a marker dropped, a character folded).
	// Most text needs few runs, where an offset per byte cost four bytes
	// a byte of every normalised text.
	runs []normRun
	end  int32 // the end of the source range
	// Hidden counts the invisible characters (zero-width, tag, bidi) that
	// were dropped; Folded counts look-alike characters folded to ASCII.
	Hidden, Folded int
	src            []byte
}

type normRun struct{ out, src int32 }

// off returns the source offset of the rune that produced Text[i], and
// the end of the source range for i = len(Text).
func (n *NormText) off(i int) int {
	if i >= len(n.Text) {
		return int(n.end)
	}
	for i > 0 && n.Text[i]&0xC0 == 0x80 {
		i-- // a byte inside a rune: the rune's own start
	}
	k := sort.Search(len(n.runs), func(k int) bool { return int(n.runs[k].out) > i }) - 1
	if k < 0 {
		return 0
	}
	return int(n.runs[k].src) + i - int(n.runs[k].out)
}

// Orig returns the source range of the normalised range [i, j).
func (n *NormText) Orig(i, j int) (int, int) {
	if i < 0 {
		i = 0
	}
	if j > len(n.Text) {
		j = len(n.Text)
	}
	if j <= i {
		return n.off(i), n.off(i)
	}
	last := n.off(j - 1)
	_, w := utf8.DecodeRune(n.src[last:])
	return n.off(i), last + w
}

// Obfuscated reports whether the source of normalised range [i, j) holds
// invisible or look-alike characters: the text reads differently from how
// it is matched.
func (n *NormText) Obfuscated(src []byte, i, j int) bool {
	s, e := n.Orig(i, j)
	if e > len(src) {
		e = len(src)
	}
	for k := s; k < e; {
		if src[k] == '&' {
			if er, ew := decodeEntity(src[k:e]); ew > 0 && er != '&' && er != ' ' {
				return true
			}
		}
		r, w := utf8.DecodeRune(src[k:])
		if InvisibleRune(r) {
			return true
		}
		if _, ok := foldConfusable(r); ok && r >= 0x80 {
			return true
		}
		k += w
	}
	return false
}

// Normalize folds src[start:end] for matching: it drops zero-width, tag
// and bidi control characters, folds Cyrillic/Greek look-alikes, fullwidth
// forms and mathematical alphanumerics to ASCII, decodes HTML character
// references (&#105;), lower-cases, collapses
// whitespace runs (and blockquote markers at line starts) to one space and
// drops Markdown emphasis markers (* and ~~, backticks, and _ that is not
// inside a word). Offsets map back into src.
func Normalize(src []byte, start, end int) *NormText {
	if start < 0 {
		start = 0
	}
	if end > len(src) {
		end = len(src)
	}
	if end > math.MaxInt32 {
		end = math.MaxInt32 // Off holds int32 offsets; no skill file is this large
	}
	out := make([]byte, 0, end-start)
	n := &NormText{src: src}
	var runs []normRun
	// mapped records that the byte about to be appended to out, the
	// start of a rune, comes from source offset at
	mapped := func(at int) {
		if k := len(runs) - 1; k < 0 || int(runs[k].src)+len(out)-int(runs[k].out) != at {
			runs = append(runs, normRun{int32(len(out)), int32(at)})
		}
	}
	space := false // last emitted byte is a space
	lineStart := true
	prevAlnum := false
	emit := func(r rune, at int) {
		var buf [utf8.UTFMax]byte
		w := utf8.EncodeRune(buf[:], r)
		mapped(at)
		out = append(out, buf[:w]...)
	}
	for i := start; i < end; {
		// fast path: plain ASCII that needs no special handling
		if c := src[i]; c < 0x80 && asciiPlain[c] {
			// the whole stretch of such bytes, mapped one for one
			if k := len(runs) - 1; k < 0 || int(runs[k].src)+len(out)-int(runs[k].out) != i {
				runs = append(runs, normRun{int32(len(out)), int32(i)})
			}
			for ; i < end; i++ {
				c = src[i]
				if c >= 0x80 || !asciiPlain[c] {
					break
				}
				if c >= 'A' && c <= 'Z' {
					c += 'a' - 'A'
				}
				out = append(out, c)
			}
			c = out[len(out)-1]
			space, lineStart = false, false
			prevAlnum = c >= 'a' && c <= 'z' || c >= '0' && c <= '9'
			continue
		}
		if c := src[i]; c == ' ' || c == '\n' {
			// the slow path below, for the commonest separators
			if c == '\n' {
				lineStart = true
			}
			if !space && len(out) > 0 {
				emit(' ', i)
				space = true
			}
			prevAlnum = false
			i++
			continue
		}
		r, w := utf8.DecodeRune(src[i:end])
		at := i
		if r == '&' {
			if er, ew := decodeEntity(src[i:end]); ew > 0 {
				r, w = er, ew
				if er != '&' && er != ' ' {
					n.Folded++
				}
			}
		}
		i += w
		if InvisibleRune(r) {
			n.Hidden++
			continue
		}
		if r == '\n' {
			lineStart = true
		}
		if unicode.IsSpace(r) || (lineStart && r == '>') {
			if !space && len(out) > 0 {
				emit(' ', at)
				space = true
			}
			prevAlnum = false
			continue
		}
		lineStart = false
		switch r {
		case '*', '`':
			continue
		case '~':
			if i < end && src[i] == '~' || at > start && src[at-1] == '~' {
				continue
			}
		case '_':
			nextAlnum := false
			if i < end {
				nr, _ := utf8.DecodeRune(src[i:end])
				nextAlnum = unicode.IsLetter(nr) || unicode.IsDigit(nr)
			}
			if !(prevAlnum && nextAlnum) {
				continue
			}
		}
		if f, ok := foldConfusable(r); ok {
			if f != r {
				n.Folded++
			}
			r = f
		}
		r = unicode.ToLower(r)
		switch r {
		case '\u2018', '\u2019', '\u201b', '\u2032':
			r = '\''
		case '\u201c', '\u201d', '\u201e', '\u00ab', '\u00bb', '\u2033':
			r = '"'
		case '\u2010', '\u2011', '\u2012', '\u2013', '\u2014', '\u2212':
			r = '-'
		}
		emit(r, at)
		space = false
		prevAlnum = unicode.IsLetter(r) || unicode.IsDigit(r)
	}
	n.Text = unsafe.String(unsafe.SliceData(out), len(out)) // out is not written again
	n.runs, n.end = runs, int32(end)
	return n
}

// asciiPlain marks the ASCII bytes normalize copies as they are (lower-
// cased): not whitespace, control, emphasis, entity or quote markers.
var asciiPlain = func() (t [128]bool) {
	for c := 0x21; c < 0x7f; c++ {
		t[c] = true
	}
	for _, c := range "&*`~_>" {
		t[c] = false
	}
	return t
}()

// decodeEntity decodes an HTML character reference at the start of b
// (&#105; &#x69; and the common named ones), which Markdown renders as the
// character. It returns the rune and the reference's length, or 0.
func decodeEntity(b []byte) (rune, int) {
	semi := -1
	for k := 1; k < len(b) && k < 12; k++ {
		if b[k] == ';' {
			semi = k
			break
		}
	}
	if semi < 2 {
		return 0, 0
	}
	name := string(b[1:semi])
	if name[0] == '#' {
		v, base, digits := 0, 10, name[1:]
		if len(digits) > 0 && (digits[0] == 'x' || digits[0] == 'X') {
			base, digits = 16, digits[1:]
		}
		if digits == "" {
			return 0, 0
		}
		for _, c := range digits {
			d := -1
			switch {
			case c >= '0' && c <= '9':
				d = int(c - '0')
			case base == 16 && c >= 'a' && c <= 'f':
				d = int(c-'a') + 10
			case base == 16 && c >= 'A' && c <= 'F':
				d = int(c-'A') + 10
			}
			if d < 0 || v > 0x10FFFF {
				return 0, 0
			}
			v = v*base + d
		}
		if v == 0 || v > 0x10FFFF || !utf8.ValidRune(rune(v)) {
			return 0, 0
		}
		return rune(v), semi + 1
	}
	switch name {
	case "amp":
		return '&', semi + 1
	case "lt":
		return '<', semi + 1
	case "gt":
		return '>', semi + 1
	case "quot":
		return '"', semi + 1
	case "apos":
		return '\'', semi + 1
	case "nbsp":
		return ' ', semi + 1
	}
	return 0, 0
}

// InvisibleRune reports characters that render as nothing: zero-width
// spaces and joiners, word joiner, BOM, soft hyphen, the Unicode tag block,
// bidi embedding/override/isolate controls and invisible operators.
func InvisibleRune(r rune) bool {
	switch {
	case r == 0x200B || r == 0x200C || r == 0x200D || r == 0x2060 || r == 0xFEFF || r == 0x00AD || r == 0x180E:
		return true
	case r >= 0x2061 && r <= 0x2064:
		return true
	case r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069, r == 0x200E, r == 0x200F:
		return true
	case r >= 0xE0000 && r <= 0xE007F:
		return true
	}
	return false
}

// ConfusableASCII maps Cyrillic, Greek and other letters that look like ASCII
// letters to those letters.
var ConfusableASCII = map[rune]rune{
	// Cyrillic lower case
	'а': 'a', 'в': 'b', 'е': 'e', 'ё': 'e', 'һ': 'h', 'і': 'i', 'ї': 'i', 'ј': 'j', 'к': 'k', 'м': 'm',
	'н': 'h', 'о': 'o', 'р': 'p', 'с': 'c', 'ѕ': 's', 'т': 't', 'у': 'y', 'х': 'x', 'ԁ': 'd', 'ԛ': 'q',
	'ԝ': 'w', 'ӏ': 'l', 'ց': 'g', 'ո': 'n', 'ս': 'u',
	// Cyrillic upper case
	'А': 'a', 'В': 'b', 'Е': 'e', 'Ё': 'e', 'І': 'i', 'Ї': 'i', 'Ј': 'j', 'К': 'k', 'М': 'm', 'Н': 'h',
	'О': 'o', 'Р': 'p', 'С': 'c', 'Ѕ': 's', 'Т': 't', 'У': 'y', 'Х': 'x', 'Ԁ': 'd', 'Ԛ': 'q', 'Ԝ': 'w',
	// Greek
	'α': 'a', 'ε': 'e', 'ι': 'i', 'κ': 'k', 'ν': 'v', 'ο': 'o', 'ρ': 'p', 'τ': 't', 'υ': 'u', 'χ': 'x',
	'Α': 'a', 'Β': 'b', 'Ε': 'e', 'Ζ': 'z', 'Η': 'h', 'Ι': 'i', 'Κ': 'k', 'Μ': 'm', 'Ν': 'n', 'Ο': 'o',
	'Ρ': 'p', 'Τ': 't', 'Υ': 'y', 'Χ': 'x',
	// Latin look-alikes
	'ı': 'i', 'ℓ': 'l', 'ɡ': 'g', 'ɑ': 'a', 'ǀ': 'l',
}

// foldConfusable maps a look-alike rune to ASCII. ok is false for runes
// that are not folded.
func foldConfusable(r rune) (rune, bool) {
	if r < 0x80 {
		return r, false
	}
	if f, ok := ConfusableASCII[r]; ok {
		return f, true
	}
	switch {
	case r >= 0xFF01 && r <= 0xFF5E: // fullwidth ASCII
		return r - 0xFEE0, true
	case r >= 0x1D400 && r <= 0x1D6A3: // mathematical alphanumeric letters
		k := (r - 0x1D400) % 52
		if k < 26 {
			return 'a' + k, true
		}
		return 'a' + k - 26, true
	case r >= 0x1D7CE && r <= 0x1D7FF: // mathematical digits
		return '0' + (r-0x1D7CE)%10, true
	case r >= 0x24B6 && r <= 0x24CF: // circled capitals
		return 'a' + r - 0x24B6, true
	case r >= 0x24D0 && r <= 0x24E9: // circled small letters
		return 'a' + r - 0x24D0, true
	}
	return r, false
}
