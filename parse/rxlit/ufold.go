package rxlit

import (
	"regexp/syntax"
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// Gates compare ASCII-lower-cased text, so a case-insensitive literal
// with a letter beyond ASCII (пароль, contraseña is fine, Пароль is not)
// makes its set useless and most such patterns had no gate at all: the
// translated-lure patterns ran on every paragraph of every file in those
// languages. A Unicode gate compares case-folded text instead: every rune
// is replaced by one member of its case-folding orbit (the runes Go's
// (?i) treats as equal), so a literal occurs, in any case, exactly where
// its folded form occurs in the folded text.

// foldRune returns the representative of r's case-folding orbit: the
// ASCII lower-case letter when the orbit holds one (k for K and the
// Kelvin sign, s for ſ), else the orbit's least rune.
func foldRune(r rune) rune {
	if r < utf8.RuneSelf {
		if 'A' <= r && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}
	m, ascii := r, rune(-1)
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		if f < m {
			m = f
		}
		if f < utf8.RuneSelf {
			ascii = f
		}
	}
	if ascii >= 0 {
		return foldRune(ascii)
	}
	return m
}

// foldInto writes t case-folded into b (len(b) >= len(t): a rune's
// representative is never longer than the rune) and returns it.
func foldInto(b []byte, t string) []byte {
	b = b[:0]
	for i := 0; i < len(t); {
		c := t[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			b = append(b, c)
			i++
			continue
		}
		r, w := utf8.DecodeRuneInString(t[i:])
		if r == utf8.RuneError && w == 1 {
			b = append(b, t[i]) // an invalid byte stays as it is
		} else {
			b = utf8.AppendRune(b, foldRune(r))
		}
		i += w
	}
	return b
}

// foldString is foldInto on a new buffer.
func foldString(t string) string { return string(foldInto(make([]byte, 0, len(t)), t)) }

// newUnicodeGate returns the gate of expr over case-folded text, for a
// pattern NewGate gives none because a literal folds beyond ASCII; nil
// when that is not why, or when the pattern holds İ (U+0130), the one
// rune whose lower case (i) is outside its orbit: the gate's literals
// are lower-cased before they are folded.
func newUnicodeGate(expr string) *Gate { return parseExpr(expr).unicodeGate() }

// unicodeGate is newUnicodeGate of the pattern.
func (p *parsed) unicodeGate() *Gate {
	if p == nil || holdsRune(p.tree, 0x130) {
		return nil
	}
	p.mu.Lock()
	g := newGate(&p.memo, p.simple(), true)
	p.mu.Unlock()
	return foldGate(g)
}

// foldGate folds the literals of g, derived keeping those that fold
// beyond ASCII, and returns it; nil when g is nil or none does.
func foldGate(g *Gate) *Gate {
	if g == nil {
		return nil
	}
	beyond := false
	for bi, b := range g.Branches {
		for si, set := range b {
			for li, l := range set {
				beyond = beyond || foldsBeyondASCII(l)
				f := foldString(l)
				g.Branches[bi][si][li] = f
				g.lits[bi][si][li] = newLit(f)
			}
		}
	}
	if !beyond {
		return nil // the ASCII gate is the one to have (or none is)
	}
	return g
}

// holdsRune reports whether a literal of re holds r.
func holdsRune(re *syntax.Regexp, r rune) bool {
	if re.Op == syntax.OpLiteral {
		for _, x := range re.Rune {
			if x == r {
				return true
			}
		}
	}
	for _, s := range re.Sub {
		if holdsRune(s, r) {
			return true
		}
	}
	return false
}

// matchFolded tests the Unicode gate g on t, folding a short text on the
// stack.
func (g *Gate) matchFolded(t string) bool {
	if len(t) <= len(lowerBuf{}) {
		var buf lowerBuf
		b := foldInto(buf[:0], t)
		return g.Match(unsafeString(b))
	}
	return g.Match(foldString(t))
}

func unsafeString(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }
