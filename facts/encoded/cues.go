package encoded

import (
	"bytes"
	"encoding/hex"
	"regexp"
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
	AssembleRx   = regexp.MustCompile(`\b(?:join|concatenate|combine|assemble|reassemble|stitch|glue|merge|put together|piece together|reconstruct|rebuild|interleave)\s+(?:\S+\s+){0,8}?(?:parts?|fragments?|pieces?|segments?|chunks?|shards?|strings?|substrings?|tokens?|halves|columns?|lines|words|snippets)\b|\b(?:join|concatenate|combine|assemble|reassemble|stitch|glue|put|piece|interleave)\s+(?:\S+\s+){0,8}?(?:in (?:order|sequence|the (?:given|listed|numbered|labell?ed) order)|together)\b|\binterleav(?:e|ed|ing)\b`)
	reverseCueRx = regexp.MustCompile(`\brevers(?:e|ed|ing)\b|\bbackwards?\b|\bright[- ]to[- ]left\b|\|\s*rev\b`)
	rot13CueRx   = regexp.MustCompile(`\brot[- ]?13\b|\bcaesar\b|\brot[- ]?n\b`)
	b85CueRx     = regexp.MustCompile(`\b(?:base ?85|b85|ascii ?85|a85|z85)`)
	xorCueRx     = regexp.MustCompile(`\bxor`)
	// keyRx finds a key named after "key" or "xor … with".
	keyRx = regexp.MustCompile("(?i)(?:\\bkey\\b|\\bxor(?:ed|ing)?\\b[^\\n.]{0,40}?\\b(?:with|by|using)\\b)[^\\n]{0,24}?(0x[0-9a-f]{2,64}(?:\\s*,\\s*0x[0-9a-f]{1,2})*|\\b\\d{1,3}\\b|[\"'`][^\"'`\\n]{1,32}[\"'`])")
)

// SkillCues returns the cues of every Markdown and text file of the skill,
// computed once per skill (kept with SKILL.md).
func SkillCues(s *skill.Skill) *Cues {
	build := func() (any, error) {
		c := &Cues{}
		for _, f := range s.Files {
			if f.Kind == skill.KindMarkdown || f.Kind == skill.KindText {
				c.add(f.Content)
			}
		}
		return c, nil
	}
	mf := s.ManifestFile()
	if mf == nil {
		v, _ := build()
		return v.(*Cues)
	}
	v, _ := mf.Memo(cuesKey{}, build)
	return v.(*Cues)
}

type cuesKey struct{}

func (c *Cues) add(content []byte) {
	low := bytes.ToLower(content)
	c.Reverse = c.Reverse || containsAny(low, "revers", "backward", "right-to", "right to", "rev") && reverseCueRx.Match(low)
	c.ROT13 = c.ROT13 || bytes.Contains(low, []byte("rot")) && rot13CueRx.Match(low) || bytes.Contains(low, []byte("caesar"))
	c.Base85 = c.Base85 || bytes.Contains(low, []byte("85")) && b85CueRx.Match(low)
	c.Interleave = c.Interleave || bytes.Contains(low, []byte("interleav"))
	c.Join = c.Join || c.Interleave || containsAny(low, "join", "concat", "combin", "assembl", "stitch", "glue", "merge", "together", "reconstruct", "rebuild") && AssembleRx.Match(low)
	if !bytes.Contains(low, []byte("xor")) || !xorCueRx.Match(low) {
		return
	}
	c.XOR = true
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

func containsAny(b []byte, lits ...string) bool {
	for _, l := range lits {
		if bytes.Contains(b, []byte(l)) {
			return true
		}
	}
	return false
}
