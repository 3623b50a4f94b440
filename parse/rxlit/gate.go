package rxlit

import (
	"regexp/syntax"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A Gate is a conjunctive literal prefilter derived from a regexp: every
// match contains, for each set of one of the gate's branches, at least one
// literal of that set. RequiredLiterals gives one such set (the best
// single one); a gate keeps all of them, so that a phrase like "do not
// (tell|inform) the (user|customer)" is tried only where a negation, a
// telling verb and a listener all occur, not wherever "user" does. Branches
// come from a top-level alternation: a match satisfies at least one.
//
// A nil *Gate knows nothing and passes everything.
type Gate struct {
	Branches [][][]string // branch → sets → lower-case literals
	lits     [][][]lit    // Branches prepared for search (NewGate)
}

// lit is a literal with the index of its rarest byte (byteFreq).
type lit struct {
	s string
	r int
}

func newLit(s string) lit {
	r := 0
	for i := 1; i < len(s); i++ {
		if byteFreq[s[i]] < byteFreq[s[r]] {
			r = i
		}
	}
	return lit{s, r}
}

// in reports whether l occurs in t (strings.Contains), looking for the
// literal's rarest byte instead of its first: in prose, "network" starts
// wherever an n does, but its k is rare.
func (l lit) in(t string) bool {
	n := len(l.s)
	if n < 2 || n > len(t) {
		return strings.Contains(t, l.s)
	}
	b := l.s[l.r]
	end := len(t) - (n - l.r) + 1 // the rare byte's offsets are < end
	fails := 0
	for i := l.r; i < end; {
		k := strings.IndexByte(t[i:end], b)
		if k < 0 {
			return false
		}
		k += i
		if t[k-l.r:k-l.r+n] == l.s {
			return true
		}
		// the rare byte is common here: the standard search takes over
		// from the next start
		if fails++; fails > 8 && fails > (k-l.r)>>5 {
			return strings.Contains(t[k-l.r+1:], l.s)
		}
		i = k + 1
	}
	return false
}

// inFold is in for a text that is not lower-cased: a byte of t matches
// the literal's byte when its ASCII lower case does, so a long text is
// searched as it is instead of through a lower-cased copy.
func (l lit) inFold(t string) bool { return l.indexFold(t) >= 0 }

// indexFold is the offset of the first place of the literal in t
// ASCII-lower-cased (strings.Index(LowerASCIIKeepLen(t), l.s)), or -1,
// found without the copy: the rare byte's places, of either case, are
// tried in order, so the first that holds the literal is the leftmost.
func (l lit) indexFold(t string) int {
	n := len(l.s)
	if n == 0 {
		return 0
	}
	if n > len(t) {
		return -1
	}
	lo := l.s[l.r]
	up := lo
	if 'a' <= lo && lo <= 'z' {
		up = lo - 'a' + 'A'
	}
	end := len(t) - (n - l.r) + 1 // the rare byte's offsets are < end
	nextLo, nextUp := -2, -2      // next offset of each case (-2: not sought, -1: none)
	for i := l.r; i < end; {
		if nextLo != -1 && nextLo < i {
			nextLo = indexFrom(t[:end], lo, i)
		}
		if up != lo && nextUp != -1 && nextUp < i {
			nextUp = indexFrom(t[:end], up, i)
		} else if up == lo {
			nextUp = -1
		}
		k := nextLo
		if k < 0 || nextUp >= 0 && nextUp < k {
			k = nextUp
		}
		if k < 0 {
			return -1
		}
		if equalFoldASCII(t[k-l.r:k-l.r+n], l.s) {
			return k - l.r
		}
		i = k + 1
	}
	return -1
}

// indexFrom is the offset of the first b in t at or after i, or -1.
func indexFrom(t string, b byte, i int) int {
	if k := strings.IndexByte(t[i:], b); k >= 0 {
		return i + k
	}
	return -1
}

// equalFoldASCII reports whether s, ASCII-lower-cased, is lower.
func equalFoldASCII(s, lower string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[i] {
			return false
		}
	}
	return true
}

// matchFold is Match(LowerASCIIKeepLen(t)) without the copy.
func (g *Gate) matchFold(t string) bool {
	if g == nil {
		return true
	}
	if g.lits == nil {
		return g.Match(LowerASCIIKeepLen(t))
	}
	return AnyBranch(g.lits, func(l lit) bool { return l.inFold(t) })
}

// maxGateSets bounds the sets kept per branch (the strongest ones).
const maxGateSets = 4

// NewGate derives the gate of expr, or nil when some branch has no
// required literal.
func NewGate(expr string) *Gate { return parseExpr(expr).gate() }

// newGate derives the gate of re, simplified (syntax.Regexp.Simplify);
// with unicode, literals that fold beyond ASCII are kept (newUnicodeGate
// folds them and the text it is tested on).
func newGate(m *litMemo, re *syntax.Regexp, unicode bool) *Gate {
	for re.Op == syntax.OpCapture {
		re = re.Sub[0]
	}
	var branches []*syntax.Regexp
	if re.Op == syntax.OpAlternate {
		branches = re.Sub
	} else {
		branches = []*syntax.Regexp{re}
	}
	g := &Gate{}
	for _, b := range branches {
		sets, ok := m.reqSets(b)
		if !ok {
			return nil
		}
		sets = strongSets(sets, unicode)
		if len(sets) == 0 {
			return nil
		}
		g.Branches = append(g.Branches, sets)
		var ls [][]lit
		for _, set := range sets {
			var l []lit
			for _, x := range set {
				l = append(l, newLit(x))
			}
			ls = append(ls, l)
		}
		g.lits = append(g.lits, ls)
	}
	return g
}

// reqSets returns literal sets every match of re satisfies (each set:
// one of its literals occurs in the match).
func (m *litMemo) reqSets(re *syntax.Regexp) ([][]string, bool) {
	switch re.Op {
	case syntax.OpCapture, syntax.OpPlus:
		return m.reqSets(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return m.reqSets(re.Sub[0])
		}
		return nil, false
	case syntax.OpConcat:
		var out [][]string
		for _, s := range re.Sub {
			if sets, ok := m.reqSets(s); ok {
				out = append(out, sets...)
			}
		}
		// runs of children give longer literals than each alone
		if l, ok := m.reqLits(re); ok {
			out = append(out, l)
		}
		return out, len(out) > 0
	}
	l, ok := m.reqLits(re)
	if !ok {
		return nil, false
	}
	return [][]string{l}, true
}

// strongSets drops sets that filter nothing (a literal shorter than three
// bytes or a common word: nearly every text passes them) and keeps the
// strongest maxGateSets, each deduplicated and sorted.
func strongSets(sets [][]string, unicode bool) [][]string {
	var out [][]string
	seen := map[string]bool{}
	for _, s := range sets {
		weak := len(s) == 0
		for _, l := range s {
			if len(l) < 3 && !rarePairs[l] || commonWords[strings.TrimSpace(l)] || !unicode && foldsBeyondASCII(l) {
				weak = true
			}
		}
		if weak {
			continue
		}
		s = dedupe(s)
		sort.Strings(s)
		k := strings.Join(s, "\x00")
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, s)
	}
	sort.SliceStable(out, func(i, j int) bool { return litScore(out[i]) > litScore(out[j]) })
	if len(out) > maxGateSets {
		out = out[:maxGateSets]
	}
	return out
}

// rarePairs are two-byte literals that filter as well as longer ones:
// punctuation pairs that prose rarely holds and code and globs do.
var rarePairs = map[string]bool{"/*": true, ".*": true, "$(": true, "${": true, "<|": true, "|>": true,
	">&": true, "<(": true, "&&": true, "||": true}

// foldsBeyondASCII reports whether l holds a letter whose other case is
// not ASCII (é/É): texts are lower-cased for the gate in ASCII only, so
// such a literal could miss a match of a case-insensitive pattern.
func foldsBeyondASCII(l string) bool {
	for _, r := range l {
		if r >= utf8.RuneSelf && unicode.SimpleFold(r) != r {
			return true
		}
	}
	return false
}

// hasAny reports whether some literal of the gate holds one of the bytes.
func (g *Gate) hasAny(bytes string) bool {
	for _, b := range g.Branches {
		for _, set := range b {
			for _, l := range set {
				if strings.ContainsAny(l, bytes) {
					return true
				}
			}
		}
	}
	return false
}

// Match reports whether lower-case text t can match: for some branch,
// every set has a literal in t.
func (g *Gate) Match(t string) bool {
	if g == nil {
		return true
	}
	if g.lits == nil {
		return g.MatchFunc(func(l string) bool { return strings.Contains(t, l) })
	}
	return AnyBranch(g.lits, func(l lit) bool { return l.in(t) })
}

// MatchFunc is Match with has telling whether a literal occurs.
func (g *Gate) MatchFunc(has func(lit string) bool) bool {
	if g == nil {
		return true
	}
	return AnyBranch(g.Branches, has)
}

// AnyBranch reports whether, for some branch, every set has a literal
// has accepts: a gate's test over any representation of its literals
// (the same cost as the loop written out, measured with go test -bench).
func AnyBranch[L any](branches [][][]L, has func(L) bool) bool {
branches:
	for _, b := range branches {
		for _, set := range b {
			found := false
			for _, l := range set {
				if has(l) {
					found = true
					break
				}
			}
			if !found {
				continue branches
			}
		}
		return true
	}
	return false
}
