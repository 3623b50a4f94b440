package encoded

import (
	"bytes"
	"encoding/hex"
	"github.com/skillvet/skillvet/facts/match"
	"strconv"
	"strings"

	"github.com/skillvet/skillvet/skill"
)

// Cues are the transformations a skill's text tells its reader to apply
// to encoded text. Base64 and hex are read on sight; XOR, reversal, ROT13,
// base85 and joining fragments are not, so the reader has to be told, and
// the skill's text is where an attacker tells the agent. Folding those
// transforms only where the skill names them keeps them from being tried
// on every string of every file.
type Cues struct {
	XOR, Reverse, ROT13, Base85, Join, Interleave bool
	// Keys are the XOR keys the text names ("key 0x5a", "the key is
	// `k3y`"); with XOR and no key, single-byte keys are tried.
	Keys [][]byte
}

var (
	// AssembleRx matches an instruction to put fragments together
	// ("join parts A, B and C in order", "concatenate the strings below").
	AssembleRx = match.MustRx(`\b(?:join|concatenate|combine|assemble|reassemble|stitch|glue|merge|put together|piece together|reconstruct|rebuild|interleave)\s+(?:[^\s.:;!?]+\s+){0,6}?(?:parts?|fragments?|pieces?|segments?|chunks?|shards?|strings?|substrings?|tokens?|halves|columns?|lines|words|snippets)\b|\b(?:join|concatenate|combine|assemble|reassemble|stitch|glue|put|piece|interleave)\s+(?:[^\s.:;!?]+\s+){0,6}?(?:in (?:order|sequence|the (?:given|listed|numbered|labell?ed) order)|together)\b|\binterleav(?:e|ing)\s+(?:(?:the|these|those|its|their|each|all)\s+)*(?:characters|chars|letters|parts|fragments|pieces|strings|lines|columns|halves|them)\b`)
	// reverseCueRx: text to be read backwards ("reverse each line",
	// "the string is written backwards"); a reverse proxy, a list in
	// reverse order or a reverse lookup are not.
	reverseCueRx = match.MustRx(`\brevers(?:e|ed|ing)\s+(?:(?:each|every|the|this|these|all|its|their|of|order|of the)\s+)*(?:line|lines|strings?|text|characters?|letters|chars|commands?|it|them|payload|blob|block|result|output|steps?|instructions?)\b|\b(?:written|spelled|typed|read|reads|stored|encoded|given|is|are)\s+(?:\w+\s+)?backwards\b|\bbackwards\s+(?:text|strings?|lines?)\b|\bright[- ]to[- ]left\b|\|\s*rev\b|\[::-1\]`)
	rot13CueRx   = match.MustRx(`\brot[- ]?13\b|\bcaesar\b|\brot[- ]?n\b`)
	b85CueRx     = match.MustRx(`\b(?:base ?85|b85|ascii ?85|a85|z85)`)
	// keyRx finds a key named after "key" or "xor … with".
	keyRx = match.MustRx("(?i)(?:\\bkey\\b|\\bxor(?:ed|ing)?\\b[^\\n.]{0,40}?\\b(?:with|by|using)\\b)[^\\n]{0,24}?(0x[0-9a-f]{2,64}(?:\\s*,\\s*0x[0-9a-f]{1,2})*|\\b\\d{1,3}\\b|[\"'`][^\"'`\\n]{1,32}[\"'`])")
)

// SkillCues returns the cues of every Markdown and text file of the skill,
// computed once per skill (kept with SKILL.md).
func SkillCues(s *skill.Skill) *Cues {
	build := func() (any, error) {
		c := &Cues{}
		for _, f := range s.Files {
			if f.Kind == skill.KindMarkdown || f.Kind == skill.KindText {
				c.merge(FileCues(f))
			}
		}
		return c, nil
	}
	v, _ := s.Memo(cuesKey{}, build)
	if c, ok := v.(*Cues); ok {
		return c
	}
	return &Cues{}
}

type fileCuesKey struct{}

// FileCues returns the cues of one file, computed once per file.
func FileCues(f *skill.File) *Cues {
	v, _ := f.Memo(fileCuesKey{}, func() (any, error) {
		c := &Cues{}
		c.add(f.Content)
		return c, nil
	})
	return v.(*Cues)
}

func (c *Cues) merge(o *Cues) {
	c.XOR = c.XOR || o.XOR
	c.Reverse = c.Reverse || o.Reverse
	c.ROT13 = c.ROT13 || o.ROT13
	c.Base85 = c.Base85 || o.Base85
	c.Join = c.Join || o.Join
	c.Interleave = c.Interleave || o.Interleave
	for _, k := range o.Keys {
		if len(c.Keys) < 8 {
			c.Keys = append(c.Keys, k)
		}
	}
}

type cuesKey struct{}

// cueWords are the words the cue patterns hold, by the cue they open a
// window for.
var cueWords = map[string]byte{
	"reverse": 'r', "reversed": 'r', "reversing": 'r', "backwards": 'r', "backward": 'r', "rev": 'r',
	"rot13": 'o', "rot": 'o', "caesar": 'o', "rotn": 'o',
	"base85": 'b', "b85": 'b', "ascii85": 'b', "a85": 'b', "z85": 'b', "b85decode": 'b', "a85decode": 'b', "z85decode": 'b', "b85encode": 'b',
	"join": 'j', "concatenate": 'j', "combine": 'j', "assemble": 'j', "reassemble": 'j', "stitch": 'j', "glue": 'j',
	"merge": 'j', "together": 'j', "reconstruct": 'j', "rebuild": 'j', "interleave": 'j', "interleaved": 'j', "interleaving": 'j',
	"xor": 'x', "xored": 'x', "xoring": 'x',
}

// cueStart marks the bytes a cue word starts with, and cueLen the
// lengths cue words have: most words of a file fail both, and skip the
// map lookup.
var cueStart, cueLen = func() (s [256]bool, l [17]bool) {
	for w := range cueWords {
		s[w[0]] = true
		l[len(w)] = true
	}
	return s, l
}()

func (c *Cues) add(content []byte) {
	const before, after, maxWindows = 60, 160, 256
	windows := 0
	var buf, lower []byte
	// past the window budget a cue's pattern is asked of the whole file,
	// once: asking again for every later cue word re-read the file each
	// time (a 1.3 MB API listing with thousands of "merge"s took minutes)
	whole := map[*match.Rx]bool{}
	check := func(rx *match.Rx, at, end int) bool {
		if windows++; windows > maxWindows {
			v, ok := whole[rx]
			if !ok {
				if lower == nil {
					lower = bytes.ToLower(content)
				}
				v = rx.Match(lower)
				whole[rx] = v
			}
			return v
		}
		lo, hi := max(0, at-before), min(len(content), end+after)
		for lo > 0 && content[lo-1] != ' ' && content[lo-1] != '\n' && at-lo < 2*before {
			lo--
		}
		buf = append(buf[:0], content[lo:hi]...)
		for k, b := range buf {
			if b >= 'A' && b <= 'Z' {
				buf[k] = b + 'a' - 'A'
			}
		}
		return rx.Match(buf)
	}
	var word [16]byte
	for i := 0; i < len(content); {
		ch := content[i]
		if !isAlnum(ch) {
			i++
			continue
		}
		j := i
		for j < len(content) && isAlnum(content[j]) {
			j++
		}
		if j-i > len(word) || i > 0 && content[i-1] >= 0x80 || !cueLen[j-i] || !cueStart[ch|0x20] {
			i = j
			continue
		}
		w := word[:j-i]
		for k := i; k < j; k++ {
			b := content[k]
			if b >= 'A' && b <= 'Z' {
				b += 'a' - 'A'
			}
			w[k-i] = b
		}
		switch cueWords[string(w)] {
		case 'r':
			c.Reverse = c.Reverse || check(reverseCueRx, i, j)
		case 'o':
			c.ROT13 = c.ROT13 || check(rot13CueRx, i, j)
		case 'b':
			c.Base85 = c.Base85 || check(b85CueRx, i, j)
		case 'j':
			if !c.Join && check(AssembleRx, i, j) {
				c.Join = true
			}
			c.Interleave = c.Interleave || c.Join && strings.HasPrefix(string(w), "interleav")
		case 'x':
			c.XOR = true
		}
		i = j
	}
	if !c.XOR {
		return
	}
	for _, m := range keyRx.FindAllSubmatch(content, 8) {
		if k := parseKey(string(m[1])); len(k) > 0 && len(c.Keys) < 8 {
			c.Keys = append(c.Keys, k)
		}
	}
}

// parseKey reads a key written as hex bytes, a decimal byte or a quoted
// string.
func parseKey(s string) []byte {
	switch {
	case strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0X"):
		if strings.Contains(s, ",") {
			var out []byte
			for _, p := range strings.Split(s, ",") {
				p = strings.TrimSpace(p)
				v, err := strconv.ParseUint(p[2:], 16, 8)
				if err != nil {
					return nil
				}
				out = append(out, byte(v))
			}
			return out
		}
		h := s[2:]
		if len(h)%2 == 1 {
			h = "0" + h
		}
		b, err := hex.DecodeString(h)
		if err != nil {
			return nil
		}
		return b
	case s[0] >= '0' && s[0] <= '9':
		v, err := strconv.Atoi(s)
		if err != nil || v <= 0 || v > 255 {
			return nil
		}
		return []byte{byte(v)}
	}
	return []byte(s[1 : len(s)-1])
}
