package encoded

import (
	"bytes"
	"fmt"
	"github.com/skillvet/skillvet/facts/match"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/parse/markdown"
	"github.com/skillvet/skillvet/skill"
)

// Blob is encoded text in a file and what it decodes to.
type Blob struct {
	Start, End int // the encoded text in the file
	// How names the transforms, outermost first: "base64", "hex → gzip",
	// "base64 → XOR key 0x5a", "reversed lines", "joined fragments".
	How string
	// Text is the decoded text; "" when the blob decodes to bytes that are
	// not text (binary, or encrypted with a key the skill does not give).
	Text string
	// Kind is what Text reads as (Classify); KindUnknown for data.
	Kind skill.Kind
	// Lines, when set, holds the file offset each line of Text comes from
	// (a block whose lines were reversed one by one).
	Lines []int
}

// Opaque reports an encoded blob that decodes to no text: a payload
// encrypted with a key kept elsewhere, or a binary.
func (b *Blob) Opaque() bool { return b.Text == "" }

// Limits per file.
const (
	// MaxBlobs bounds the decoded blobs of one file that are returned.
	MaxBlobs = 32
	// opaqueMin is the shortest run counted as an opaque payload.
	opaqueMin = 48
	// maxFragments bounds the code spans joined in one section.
	maxFragments = 32
	// maxBrute bounds the bytes single-byte XOR keys are tried on.
	maxBrute = 64 << 10
)

type rawKey struct{}

// Raw returns the blobs found in the bytes of f — runs of base64, base32
// or hex (also wrapped over lines), char-code lists and, where the skill
// names base85, base85 tokens — decoded with the skill's cues. It needs
// no parse, so it serves any text file; computed once per file.
func Raw(f *skill.File, c *Cues) []Blob {
	v, _ := f.Memo(rawKey{}, func() (any, error) {
		if f.Kind == skill.KindJS || f.Kind == skill.KindPython || f.Kind == skill.KindShell || f.Kind == skill.KindPowerShell {
			if cc := codeCues(f.Content); cc != nil {
				cc.merge(c)
				c = cc
			}
		}
		return rawBlobs(f.Content, c), nil
	})
	return v.([]Blob)
}

// codeCues: code that XORs characters ("c.charCodeAt(i) ^ key…",
// "chr(ord(c) ^ k)") decodes its own blobs with a key; the keys it names
// ("const KEY = 'k3y'") and single-byte keys are tried on them.
func codeCues(src []byte) *Cues {
	if !bytes.Contains(src, []byte("^")) || !containsAny(src, "charCodeAt", "fromCharCode", "ord(", "chr(", "bxor", "-bxor") {
		return nil
	}
	c := &Cues{XOR: true}
	for _, m := range keyRx.FindAllSubmatch(src, 8) {
		if k := parseKey(string(m[1])); len(k) > 0 && len(c.Keys) < 8 {
			c.Keys = append(c.Keys, k)
		}
	}
	return c
}

func containsAny(b []byte, lits ...string) bool {
	for _, l := range lits {
		if bytes.Contains(b, []byte(l)) {
			return true
		}
	}
	return false
}

type ofKey struct{}

// Of returns the blobs of the pass's file: Raw, and in Markdown and text
// files what the skill's cues make of its code blocks, code spans, lines
// and fragments (reversed, ROT13, joined, interleaved). Blobs that decode
// to the same text are returned once. Computed once per file.
func Of(p *analyzer.Pass) []Blob {
	v, _ := p.File.Memo(ofKey{}, func() (any, error) {
		c := SkillCues(p.Skill)
		out := append([]Blob(nil), Raw(p.File, c)...)
		switch p.File.Kind {
		case skill.KindMarkdown:
			if doc, err := p.Markdown(); err == nil {
				out = append(out, markdownBlobs(p.File, doc, c)...)
			}
		case skill.KindText:
			out = append(out, textBlobs(p.File.Content, c)...)
		}
		return dedupe(out), nil
	})
	return v.([]Blob)
}

// SkillEncoded returns the first blob of the skill's files (decoded text
// first, then opaque payloads) and the file it is in.
func SkillEncoded(p *analyzer.Pass) (*skill.File, *Blob) {
	c := SkillCues(p.Skill)
	var of *skill.File
	var ob *Blob
	check := func(f *skill.File, bs []Blob) bool {
		for i := range bs {
			if !bs[i].Opaque() && bs[i].Kind != skill.KindUnknown {
				of, ob = f, &bs[i]
				return true
			}
			if bs[i].Opaque() && ob == nil {
				of, ob = f, &bs[i]
			}
		}
		return false
	}
	if check(p.File, Of(p)) {
		return of, ob
	}
	for _, f := range p.Skill.Files {
		if f == p.File || !f.Kind.IsText() {
			continue
		}
		if check(f, Raw(f, c)) {
			return of, ob
		}
	}
	if ob == nil && (c.Reverse || c.ROT13) {
		// reversed or ROT13 prose in another Markdown or text file, read
		// block by block (blank lines apart) without a Markdown parse
		for _, f := range p.Skill.Files {
			if f == p.File || f.Kind != skill.KindMarkdown && f.Kind != skill.KindText {
				continue
			}
			if check(f, blockBlobs(f.Content, c)) {
				return of, ob
			}
		}
	}
	return of, ob
}

// blockBlobs applies the cued text transforms to the blocks of src
// (separated by blank lines).
func blockBlobs(src []byte, c *Cues) []Blob {
	var out []Blob
	off := 0
	for _, blk := range strings.SplitAfter(string(src), "\n\n") {
		t := strings.TrimSpace(blk)
		if len(t) >= 16 && len(t) <= 4096 && Classify(t) == skill.KindUnknown {
			if b, ok := transformText(t, "", c); ok {
				b.Start, b.End = off, off+len(blk)
				out = append(out, b)
				if len(out) == MaxBlobs {
					break
				}
			}
		}
		off += len(blk)
	}
	return out
}

func dedupe(bs []Blob) []Blob {
	seen := map[string]bool{}
	var out []Blob
	for _, b := range bs {
		k := b.Text
		if k == "" {
			k = fmt.Sprintf("\x00%d", b.Start)
		}
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, b)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Start < out[j].Start })
	return out
}

// run is a maximal run of encoding characters, possibly wrapped.
type run struct {
	start, end int
	text       string
}

// wrapMin is the shortest line a wrapped encoding continues after.
const wrapMin = 40

// runs finds the runs of base64/hex characters of at least MinRun bytes.
// A run that fills its line to the end continues on the next line when
// that line holds nothing but encoding characters (base64 wrapped at 64 or
// 76 columns).
func runs(src []byte) []run {
	var out []run
	for i := 0; i < len(src); {
		if !isB64Byte(src[i]) {
			i++
			continue
		}
		j := i
		for j < len(src) && isB64Byte(src[j]) {
			j++
		}
		if j-i < MinRun {
			i = j
			continue
		}
		start, end := i, j
		text := string(src[i:j])
		for end-start >= wrapMin && lineEndsAt(src, end) {
			k := nextLineStart(src, end)
			for k < len(src) && (src[k] == ' ' || src[k] == '\t') {
				k++
			}
			l := k
			for l < len(src) && isB64Byte(src[l]) {
				l++
			}
			if l-k < 4 || !lineEndsAt(src, l) && l < len(src) && src[l] != '"' && src[l] != '\'' && src[l] != '`' {
				break
			}
			text += string(src[k:l])
			end = l
			if l-k < wrapMin {
				break // a short line ends the wrapped block
			}
		}
		out = append(out, run{start, end, text})
		i = end
	}
	return out
}

func lineEndsAt(src []byte, i int) bool {
	for ; i < len(src); i++ {
		switch src[i] {
		case ' ', '\t', '\r':
			continue
		case '\n':
			return true
		}
		return false
	}
	return false
}

func nextLineStart(src []byte, i int) int {
	for i < len(src) && src[i] != '\n' {
		i++
	}
	return i + 1
}

// hashLike: a hex digest, not a payload.
func hashLike(s string) bool {
	if !allBytes(s, isHexByte) {
		return false
	}
	switch len(s) {
	case 32, 40, 56, 64, 96, 128:
		return true
	}
	return false
}

// encodingLike: encoded text has digits, or both cases; paths, slugs
// and lower-case identifiers have neither.
func encodingLike(s string) bool {
	var up, low bool
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			return true
		case c >= 'A' && c <= 'Z':
			up = true
		case c >= 'a' && c <= 'z':
			low = true
		}
		if up && low {
			return true
		}
	}
	return false
}

// pathLike: words between slashes and nothing else, no digit and no "+"
// ("com/vendor/latest/reference/AuthorizeFilter" out of a URL, a file
// path): a path whose CamelCase makes it valid base64, not an opaque
// payload, which mixes in digits.
func pathLike(s string) bool {
	if !strings.Contains(s, "/") {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= '0' && c <= '9' || c == '+' || c == '=' {
			return false
		}
	}
	return true
}

// base64Like: long base64 has digits and both cases (identifiers and
// words rarely do all three).
func base64Like(s string) bool {
	var up, low, dig bool
	for i := 0; i < len(s); i++ {
		c := s[i]
		up = up || c >= 'A' && c <= 'Z'
		low = low || c >= 'a' && c <= 'z'
		dig = dig || c >= '0' && c <= '9' || c == '+' || c == '/'
	}
	return up && low && dig
}

func rawBlobs(src []byte, c *Cues) []Blob {
	var out []Blob
	add := func(b Blob) bool {
		out = append(out, b)
		return len(out) < 4*MaxBlobs
	}
	for _, r := range runs(src) {
		if r.start >= 7 && string(src[r.start-7:r.start]) == "base64," {
			continue // a data: URI (an image, a font)
		}
		if !encodingLike(r.text) {
			continue // a path, a slug, an identifier
		}
		b, ok := decodeText(r.text, c)
		if !ok {
			if !hashLike(r.text) && !pathLike(r.text) && len(r.text) >= opaqueMin && (base64Like(r.text) || allBytes(r.text, isHexByte)) {
				if _, _, valid := DecodeRun(r.text); valid {
					b = Blob{How: "encoded data"}
					ok = true
				}
			}
		}
		if ok {
			b.Start, b.End = r.start, r.end
			if !add(b) {
				return out
			}
		}
	}
	for _, b := range charCodeBlobs(src) {
		if !add(b) {
			return out
		}
	}
	if c.Base85 {
		for _, b := range base85Blobs(src, c) {
			if !add(b) {
				return out
			}
		}
	}
	return out
}

// decodeText decodes a run into readable text: the encodings, then the
// cued transforms (reversal of the run or of its text, ROT13, XOR).
func decodeText(s string, c *Cues) (Blob, bool) {
	b, chain, ok := DecodeRun(s)
	if !ok && c.Reverse {
		if b, chain, ok = DecodeRun(Reverse(s)); ok {
			chain = append([]string{"reversed"}, chain...)
		}
	}
	if !ok {
		return Blob{}, false
	}
	return fromBytes(b, strings.Join(chain, " → "), c)
}

// fromBytes judges decoded bytes, applying the cued transforms when they
// are not readable as they are.
func fromBytes(b []byte, how string, c *Cues) (Blob, bool) {
	if Printable(b) {
		t := string(b)
		if k := Classify(t); k != skill.KindUnknown {
			return Blob{How: how, Text: t, Kind: k}, true
		}
		if bl, ok := transformText(t, how, c); ok {
			return bl, true
		}
	}
	if c.XOR {
		if x, key, ok := c.unXOR(b); ok {
			t := string(x)
			return Blob{How: how + " → XOR key " + key, Text: t, Kind: Classify(t)}, true
		}
	}
	return Blob{}, false
}

// transformText applies the cued text transforms to t.
func transformText(t, how string, c *Cues) (Blob, bool) {
	base := Score(t)
	try := func(x, name string) (Blob, bool) {
		// the transform must make the text read: commands or several
		// frequent words that were not there before
		if sc := Score(x); sc < 3 || sc <= base {
			return Blob{}, false
		}
		if k := Classify(x); k != skill.KindUnknown {
			if how != "" {
				name = how + " → " + name
			}
			return Blob{How: name, Text: x, Kind: k}, true
		}
		return Blob{}, false
	}
	if c.Reverse {
		if strings.Contains(t, "\n") {
			if b, ok := try(ReverseLines(t), "reversed lines"); ok {
				return b, true
			}
		}
		if b, ok := try(Reverse(t), "reversed"); ok {
			return b, true
		}
	}
	if c.ROT13 {
		if b, ok := try(ROT13(t), "ROT13"); ok {
			return b, true
		}
	}
	return Blob{}, false
}

// unXOR tries the named keys, then (for payloads of moderate size) every
// single-byte key, and returns the readable result with the key.
func (c *Cues) unXOR(b []byte) ([]byte, string, bool) {
	for _, k := range c.Keys {
		if x := XOR(b, k); Printable(x) && Classify(string(x)) != skill.KindUnknown {
			return x, keyName(k), true
		}
	}
	if len(b) > maxBrute || len(b) < 8 {
		return nil, "", false
	}
	var best []byte
	bestKey, bestScore := byte(0), 0
	for k := 1; k < 256; k++ {
		if !printablePrefix(b, byte(k)) {
			continue
		}
		x := XOR(b, []byte{byte(k)})
		if !Printable(x) || Classify(string(x)) == skill.KindUnknown {
			continue
		}
		if sc := Score(string(x)); sc > bestScore {
			best, bestKey, bestScore = x, byte(k), sc
		}
	}
	if best == nil {
		return nil, "", false
	}
	return best, keyName([]byte{bestKey}), true
}

// printablePrefix checks the first bytes under a single-byte key before
// the whole payload is transformed.
func printablePrefix(b []byte, k byte) bool {
	for _, c := range b[:min(len(b), 16)] {
		if x := c ^ k; x < 0x20 && x != '\n' && x != '\r' && x != '\t' || x >= 0x7f {
			return false
		}
	}
	return true
}

func keyName(k []byte) string {
	if len(k) == 1 {
		return fmt.Sprintf("0x%02x", k[0])
	}
	if Printable(k) {
		return strconv.Quote(string(k))
	}
	return fmt.Sprintf("0x%x", k)
}

// charCodeBlobs finds comma-separated lists of at least eight character
// codes ("[99, 117, 114, 108, …]", "0x63,0x75,…") that spell readable
// text. Lists are found from their commas (one fast byte search), not by
// looking at every digit of the file.
func charCodeBlobs(src []byte) []Blob {
	var out []Blob
	for i := 0; i < len(src); {
		k := bytes.IndexByte(src[i:], ',')
		if k < 0 {
			break
		}
		c := i + k
		i = c + 1
		if c == 0 || !isHexByte(src[c-1]) {
			continue
		}
		// back to the start of the number before the comma
		start := c
		for start > 0 && (isHexByte(src[start-1]) || src[start-1] == 'x' || src[start-1] == 'X') {
			start--
		}
		if src[start] < '0' || src[start] > '9' || start > 0 && (isAlnum(src[start-1]) || src[start-1] == '.' || src[start-1] == '_') {
			continue
		}
		end, n := codeList(src, start)
		if n >= 8 {
			if t, ok := CharCodes(string(src[start:end])); ok {
				if k := Classify(t); k != skill.KindUnknown {
					out = append(out, Blob{Start: start, End: end, How: "character codes", Text: t, Kind: k})
				}
			}
		}
		i = max(i, end)
	}
	return out
}

// codeList reads numbers separated by commas and blanks from start and
// returns where the list ends and how many numbers it holds.
func codeList(src []byte, start int) (end, n int) {
	end = start
	for k := start; ; {
		l := scanCode(src, k)
		if l == k {
			break
		}
		n++
		end = l
		// separator: blanks and at most one comma, a line break only
		// after a comma
		m, comma := l, false
		for m < len(src) && (src[m] == ' ' || src[m] == '\t' || src[m] == ',' && !comma || src[m] == '\n' && comma || src[m] == '\r') {
			comma = comma || src[m] == ','
			m++
		}
		if m == l || m >= len(src) || src[m] < '0' || src[m] > '9' {
			break
		}
		k = m
	}
	return end, n
}

func isAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// scanCode returns the end of the number at k (decimal or 0x hex), or k.
func scanCode(src []byte, k int) int {
	l := k
	if l+1 < len(src) && src[l] == '0' && (src[l+1] == 'x' || src[l+1] == 'X') {
		l += 2
		for l < len(src) && isHexByte(src[l]) {
			l++
		}
	} else {
		for l < len(src) && src[l] >= '0' && src[l] <= '9' {
			l++
		}
	}
	if l-k > 6 || l < len(src) && (isAlnum(src[l]) || src[l] == '.') {
		return k
	}
	return l
}

// base85Blobs decodes tokens in the base85 alphabets (bounded by blanks
// and quotes) when the skill names base85.
func base85Blobs(src []byte, c *Cues) []Blob {
	var out []Blob
	for i := 0; i < len(src); {
		if isSep85(src[i]) {
			i++
			continue
		}
		j := i
		for j < len(src) && !isSep85(src[j]) {
			j++
		}
		s, e := i, j
		for s < e && src[s] == '`' {
			s++
		}
		for e > s && src[e-1] == '`' {
			e--
		}
		if e-s >= 20 {
			tok := string(src[s:e])
			if _, ok := DecodeBase64(tok); !ok {
				if b, ok := DecodeBase85(tok); ok {
					if bl, ok := fromBytes(b, "base85", c); ok {
						bl.Start, bl.End = s, e
						out = append(out, bl)
					} else if e-s >= opaqueMin && base64Like(tok) {
						out = append(out, Blob{Start: s, End: e, How: "base85 data"})
					}
				}
			}
		}
		i = j
	}
	return out
}

func isSep85(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '"' || c == '\'' || c == ',' || c == '\\'
}

// textBlobs applies the cued transforms to a text file's lines.
func textBlobs(src []byte, c *Cues) []Blob {
	if !c.Reverse && !c.ROT13 {
		return nil
	}
	t := string(src)
	if Classify(t) != skill.KindUnknown {
		return nil
	}
	if b, ok := transformText(t, "", c); ok {
		b.Start, b.End = 0, len(src)
		b.Lines = lineStarts(src, 0, strings.Count(b.Text, "\n")+1)
		return []Blob{b}
	}
	return nil
}

// lineStarts returns the offsets of n lines of src from off.
func lineStarts(src []byte, off, n int) []int {
	out := make([]int, 0, n)
	for k := off; len(out) < n && k <= len(src); {
		out = append(out, k)
		nl := strings.IndexByte(string(src[k:min(len(src), k+1<<16)]), '\n')
		if nl < 0 {
			break
		}
		k += nl + 1
	}
	return out
}

// labelRx reads the label written before a fragment: "A:", "2)", "part 3 =".
var labelRx = match.MustRx(`(?i)(?:^|[\s(*_|-])(?:(?:part|fragment|piece|segment|chunk|step|line)\s*#?\s*)?([a-z]|\d{1,2})\s*[:=).\]-]?\s*$`)

type fragment struct {
	start, end int
	text       string
	label      string
}

// markdownBlobs applies the cued transforms to code blocks, code spans
// and (for ROT13) paragraphs, and joins the fragments of sections that
// tell the reader to put them together.
func markdownBlobs(f *skill.File, doc *markdown.Doc, c *Cues) []Blob {
	var out []Blob
	src := f.Content
	if c.Reverse || c.ROT13 {
		for i := range doc.Tokens {
			t := &doc.Tokens[i]
			var text string
			switch {
			case t.Kind == markdown.CodeBlock:
				text = t.Text
			case t.Kind == markdown.CodeSpan && len(t.Text) >= 8:
				text = t.Text
			case t.Kind == markdown.Paragraph && c.ROT13:
				text = t.Text
			default:
				continue
			}
			if Classify(text) != skill.KindUnknown {
				continue
			}
			b, ok := transformText(strings.TrimRight(text, "\n"), "", c)
			if !ok {
				continue
			}
			b.Start, b.End = t.Start, t.End
			if t.Kind == markdown.CodeBlock {
				b.Start = t.TextStart
				if b.How == "reversed lines" {
					b.Lines = lineStarts(src, t.TextStart, strings.Count(b.Text, "\n")+1)
				}
			}
			out = append(out, b)
		}
	}
	if fc := FileCues(f); fc.Join {
		// the fragments sit next to the text that asks for the join
		out = append(out, joinBlobs(src, doc, fc)...)
	}
	return out
}

// joinBlobs joins the fragments of a passage that tells the reader to put
// them together: a paragraph (or list item) saying so and the paragraphs
// next to it that hold code spans or one-line code blocks, up to the
// first block without any. The fragments are joined in document order, in
// the order of their labels (A, B, C or 1, 2, 3) when that differs, and
// interleaved when the text says so.
func joinBlobs(src []byte, doc *markdown.Doc, c *Cues) []Blob {
	var out []Blob
	var frags []fragment
	cue := false
	flush := func() {
		defer func() { frags, cue = frags[:0], false }()
		if !cue || len(frags) < 2 || len(frags) > maxFragments {
			return
		}
		orders := [][]fragment{frags}
		if sorted, ok := byLabel(frags); ok {
			orders = [][]fragment{sorted, frags} // the labels say the order
		}
		for _, fs := range orders {
			parts := make([]string, len(fs))
			for i, f := range fs {
				parts[i] = f.text
			}
			cands := []struct{ text, how string }{{strings.Join(parts, ""), "joined fragments"}, {strings.Join(parts, " "), "joined fragments"}}
			if c.Interleave {
				cands = append([]struct{ text, how string }{{Interleave(parts), "interleaved fragments"}}, cands...)
			}
			for _, cd := range cands {
				if k := Classify(cd.text); k != skill.KindUnknown {
					out = append(out, Blob{Start: frags[0].start, End: frags[len(frags)-1].end, How: cd.how, Text: cd.text, Kind: k})
					return
				}
			}
		}
	}
	// a block: a paragraph or code block and the code spans inside it
	toks := doc.Tokens
	for i := 0; i < len(toks); i++ {
		t := &toks[i]
		switch t.Kind {
		case markdown.Heading:
			flush()
			continue
		case markdown.CodeBlock:
			if txt := strings.TrimRight(t.Text, "\n"); !strings.Contains(txt, "\n") && txt != "" {
				frags = append(frags, fragment{start: t.TextStart, end: t.End, text: txt, label: labelBefore(src, t.Start)})
			} else {
				flush()
			}
			continue
		case markdown.Paragraph:
		default:
			continue
		}
		var spans []fragment
		for k := i + 1; k < len(toks) && toks[k].Start < t.End; k++ {
			if toks[k].Kind == markdown.CodeSpan {
				spans = append(spans, fragment{start: toks[k].Start, end: toks[k].End, text: toks[k].Text, label: labelBefore(src, toks[k].Start)})
			}
		}
		isCue := strings.Contains(t.Text, " ") && AssembleRx.MatchString(strings.ToLower(t.Text))
		if len(spans) == 0 && !isCue {
			flush()
			continue
		}
		cue = cue || isCue
		frags = append(frags, spans...)
	}
	flush()
	return out
}

// labelBefore returns the label written before the fragment at off on its
// line ("- B: `…`"), or "".
func labelBefore(src []byte, off int) string {
	s := off
	for s > 0 && src[s-1] == '`' {
		s--
	}
	lo := max(0, s-24)
	line := string(src[lo:s])
	if k := strings.LastIndexByte(line, '\n'); k >= 0 {
		line = line[k+1:]
	}
	if m := labelRx.FindStringSubmatch(line); m != nil {
		return strings.ToLower(m[1])
	}
	return ""
}

// byLabel sorts fragments by their labels when every fragment has a
// distinct one and their order differs from the document's.
func byLabel(fs []fragment) ([]fragment, bool) {
	seen := map[string]bool{}
	numeric := true
	for _, f := range fs {
		if f.label == "" || seen[f.label] {
			return nil, false
		}
		seen[f.label] = true
		if _, err := strconv.Atoi(f.label); err != nil {
			numeric = false
		}
	}
	out := append([]fragment(nil), fs...)
	sort.SliceStable(out, func(i, j int) bool {
		if numeric {
			a, _ := strconv.Atoi(out[i].label)
			b, _ := strconv.Atoi(out[j].label)
			return a < b
		}
		return out[i].label < out[j].label
	})
	for i := range out {
		if out[i].start != fs[i].start {
			return out, true
		}
	}
	return nil, false
}

type claimKey struct{}

type claims struct {
	mu   sync.Mutex
	seen map[string]bool
}

// Claim records that text, decoded from something in file f (embedded or
// not), is being handed on for analysis; false when it already was. The
// same payload is often found twice — as a base64 literal in a Markdown
// file and again when the Python block holding it decodes it — and should
// be analysed once.
func Claim(f *skill.File, text string) bool {
	v, _ := f.Root().Memo(claimKey{}, func() (any, error) { return &claims{seen: map[string]bool{}}, nil })
	c := v.(*claims)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.seen[text] {
		return false
	}
	c.seen[text] = true
	return true
}

// MaxSkillDecoded bounds the decoded texts one skill hands on for
// analysis, well below the engine's limit on embedded files (which blocks
// the skill when exceeded).
const MaxSkillDecoded = 256

type budgetKey struct{}

type budget struct {
	mu   sync.Mutex
	left int
}

// Take reports whether the skill may hand on one more decoded text.
func Take(s *skill.Skill) bool {
	mf := s.ManifestFile()
	if mf == nil {
		return true
	}
	v, _ := mf.Memo(budgetKey{}, func() (any, error) { return &budget{left: MaxSkillDecoded}, nil })
	b := v.(*budget)
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.left <= 0 {
		return false
	}
	b.left--
	return true
}
