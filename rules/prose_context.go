package rules

import (
	"bytes"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/parse/markdown"
	"github.com/skillvet/skillvet/skill"
)

// Where a piece of Markdown text sits, which decides whether words in it
// are an instruction (prose) or a quotation/example (quote, code).
type textCtx uint8

const (
	ctxProse   textCtx = iota
	ctxQuote           // inside a blockquote
	ctxCode            // code block, code span, dynamic-context command
	ctxComment         // HTML comment
	ctxHTML            // other raw HTML (tags and their attribute text)
)

func (c textCtx) String() string {
	return [...]string{"prose", "blockquote", "code", "HTML comment", "HTML"}[c]
}

type proseRegion struct {
	start, end int
	ctx        textCtx
}

// proseSegment is one block of Markdown text (paragraph, heading, code block,
// HTML block) normalised for matching.
type proseSegment struct {
	Kind       markdown.Kind
	Quote      int
	Start, End int
	N          *normText
}

// proseDoc is the per-file view the prose rules share: normalised blocks
// and the code/comment/quote regions used to judge each match.
type proseDoc struct {
	Src       []byte
	BodyStart int
	Segments  []proseSegment
	Tokens    []markdown.Token
	regions   []proseRegion // sorted by start; inner regions after outer ones
	ctxStarts []int         // flattened regions: ctxKinds[i] holds from ctxStarts[i]
	ctxKinds  []textCtx
	Comments  [][2]int // HTML comments [start, end) outside code
	// RefDefs are link reference definitions ("[//]: # (text)"), which
	// render as nothing: the "Markdown comment" idiom.
	RefDefs  []refDef
	Teaching bool // the skill's stated purpose is security teaching

	sentOnce sync.Once
	sents    []proseSentence

	// all is every segment's normalised text joined by NUL bytes; segOff
	// holds where each segment starts in it. Literal prefilters search it
	// once instead of segment by segment.
	all    string
	segOff []int

	hitsOnce sync.Once
	hits     [][]int32 // literal ID → offsets in all where it starts

	credOnce sync.Once
	credSeg  []bool // segments that mention a credential path
}

// candidates marks the segments that contain one of lits (all segments
// when lits is nil).
func (d *proseDoc) candidates(lits []string) []bool {
	if lits == nil {
		out := make([]bool, len(d.Segments))
		for i := range out {
			out[i] = true
		}
		return out
	}
	return d.litCandidates(lits)
}

// scanCandidates is candidates by direct search.
func (d *proseDoc) scanCandidates(lits []string) []bool {
	out := make([]bool, len(d.Segments))
	for _, l := range lits {
		for off := 0; off < len(d.all); {
			k := strings.Index(d.all[off:], l)
			if k < 0 {
				break
			}
			pos := off + k
			si := sort.SearchInts(d.segOff, pos+1) - 1
			out[si] = true
			if si+1 < len(d.segOff) {
				off = d.segOff[si+1]
			} else {
				break
			}
		}
	}
	return out
}

type proseKey struct{}

// prose returns the shared prose view of the pass's Markdown file.
func prose(p *analyzer.Pass) (*proseDoc, error) {
	v, err := p.File.Memo(proseKey{}, func() (any, error) {
		doc, err := p.Markdown()
		if err != nil {
			return nil, err
		}
		return buildProse(p, doc), nil
	})
	if err != nil {
		return nil, err
	}
	return v.(*proseDoc), nil
}

func buildProse(p *analyzer.Pass, doc *markdown.Doc) *proseDoc {
	src := p.File.Content
	d := &proseDoc{Src: src, Tokens: doc.Tokens}
	if p.File.Path == skill.ManifestName && p.Skill.Manifest != nil {
		d.BodyStart = p.Skill.Manifest.BodyStart
	}
	d.Teaching = teachingSkill(p.Skill, doc)
	var code [][2]int
	for _, t := range doc.Tokens {
		switch t.Kind {
		case markdown.Paragraph, markdown.Heading:
			s := t.TextStart
			if t.Kind == markdown.Paragraph {
				s = t.Start
			}
			d.Segments = append(d.Segments, proseSegment{Kind: t.Kind, Quote: t.Quote, Start: s, End: t.End, N: normalize(src, s, t.End)})
			if t.Quote > 0 {
				d.regions = append(d.regions, proseRegion{t.Start, t.End, ctxQuote})
			}
		case markdown.CodeBlock, markdown.CommandBlock:
			d.Segments = append(d.Segments, proseSegment{Kind: t.Kind, Quote: t.Quote, Start: t.TextStart, End: t.End, N: normalize(src, t.TextStart, t.End)})
			d.regions = append(d.regions, proseRegion{t.Start, t.End, ctxCode})
			code = append(code, [2]int{t.Start, t.End})
		case markdown.HTMLBlock:
			d.Segments = append(d.Segments, proseSegment{Kind: t.Kind, Quote: t.Quote, Start: t.Start, End: t.End, N: normalize(src, t.Start, t.End)})
			d.regions = append(d.regions, proseRegion{t.Start, t.End, ctxHTML})
		case markdown.CodeSpan:
			s, e := t.Start, t.End
			// widen to the backticks around the span
			for s > 0 && src[s-1] == '`' {
				s--
			}
			for e < len(src) && src[e] == '`' {
				e++
			}
			d.regions = append(d.regions, proseRegion{s, e, ctxCode})
			code = append(code, [2]int{s, e})
		case markdown.Command, markdown.InlineCommand:
			d.regions = append(d.regions, proseRegion{t.Start, t.End, ctxCode})
			code = append(code, [2]int{t.Start, t.End})
		case markdown.InlineHTML:
			if !t.IsComment() {
				d.regions = append(d.regions, proseRegion{t.Start, t.End, ctxHTML})
			}
		}
	}
	// code ranges do not overlap: sorted by start, one binary search
	sort.Slice(code, func(i, j int) bool { return code[i][0] < code[j][0] })
	inCode := func(off int) bool {
		k := sort.Search(len(code), func(i int) bool { return code[i][0] > off }) - 1
		return k >= 0 && off < code[k][1]
	}
	body := src[d.BodyStart:]
	for i := 0; i < len(body); {
		k := bytes.Index(body[i:], []byte("<!--"))
		if k < 0 {
			break
		}
		s := d.BodyStart + i + k
		e := len(src)
		if m := bytes.Index(src[s+4:], []byte("-->")); m >= 0 {
			e = s + 4 + m + 3
		}
		if inCode(s) {
			i = s - d.BodyStart + 4
			continue
		}
		d.Comments = append(d.Comments, [2]int{s, e})
		d.regions = append(d.regions, proseRegion{s, e, ctxComment})
		i = e - d.BodyStart
	}
	d.findRefDefs(inCode)
	d.buildCtxMap()
	d.joinSegments()
	return d
}

// joinSegments builds all and segOff from the segments.
func (d *proseDoc) joinSegments() {
	var all strings.Builder
	d.segOff = d.segOff[:0]
	for i := range d.Segments {
		d.segOff = append(d.segOff, all.Len())
		all.WriteString(d.Segments[i].N.Text)
		all.WriteByte(0)
	}
	d.all = all.String()
}

// ctxRank orders contexts from least to most specific.
var ctxRank = [...]int{ctxProse: 0, ctxQuote: 1, ctxHTML: 2, ctxCode: 3, ctxComment: 4}

// buildCtxMap flattens the (possibly nested or overlapping) regions into
// consecutive intervals, each with the most specific context covering it,
// so ctxAt is one binary search whatever the nesting (an unclosed comment
// spanning the file must not make every lookup walk every region).
func (d *proseDoc) buildCtxMap() {
	type event struct {
		at    int
		ctx   textCtx
		delta int
	}
	ev := make([]event, 0, 2*len(d.regions))
	for _, r := range d.regions {
		if r.end > r.start {
			ev = append(ev, event{r.start, r.ctx, +1}, event{r.end, r.ctx, -1})
		}
	}
	sort.Slice(ev, func(i, j int) bool { return ev[i].at < ev[j].at })
	var open [len(ctxRank)]int
	d.ctxStarts, d.ctxKinds = d.ctxStarts[:0], d.ctxKinds[:0]
	for i := 0; i < len(ev); {
		at := ev[i].at
		for ; i < len(ev) && ev[i].at == at; i++ {
			open[ev[i].ctx] += ev[i].delta
		}
		best := ctxProse
		for c := range open {
			if open[c] > 0 && ctxRank[c] > ctxRank[best] {
				best = textCtx(c)
			}
		}
		if n := len(d.ctxKinds); n == 0 || d.ctxKinds[n-1] != best {
			d.ctxStarts = append(d.ctxStarts, at)
			d.ctxKinds = append(d.ctxKinds, best)
		}
	}
}

// ctxAt returns the context of source offset off: the most specific
// region containing it. Code and comments win over quotes and HTML.
func (d *proseDoc) ctxAt(off int) textCtx {
	k := sort.SearchInts(d.ctxStarts, off+1) - 1
	if k < 0 {
		return ctxProse
	}
	return d.ctxKinds[k]
}

var teachingRx = regexp.MustCompile(`(?i)prompt[- ]injection|jailbreak|red[- ]?team|adversarial|guardrail|threat[- ]model|pen(etration)?[- ]?test|security (training|awareness|review|audit|scan|guide|education|research)|(injection|attack)s? (detection|defen[cs]e|examples|patterns|catalog)|detect(s|ing)? (malicious|injection|prompt)|ai safety|llm security`)

// teachingSkill reports whether the skill says its purpose is explaining
// or detecting attacks (a security-training or review skill), where
// quoted attack phrases are examples rather than instructions.
func teachingSkill(s *skill.Skill, doc *markdown.Doc) bool {
	if s.Manifest != nil && teachingRx.MatchString(s.Manifest.Name+" "+s.Manifest.Description) {
		return true
	}
	for _, t := range doc.Tokens {
		if t.Kind == markdown.Heading && t.Level <= 2 && teachingRx.MatchString(t.Text) {
			return true
		}
	}
	return false
}

// injPhrase is a pattern over normalised text with its default severity and
// a label for messages.
type injPhrase struct {
	rx    *regexp.Regexp
	sev   analyzer.Severity
	label string
	lits  []string // one of them is in every match (nil: unknown)
}

// injPhraseHit is a phrase found in a segment.
type injPhraseHit struct {
	pat        *injPhrase
	seg        *proseSegment
	i, j       int // normalised range in seg.N.Text
	start, end int // source range
	ctx        textCtx
	mention    bool // the phrase is quoted or cited, not used
	obfuscated bool
}

// findPhrases matches phrases in every segment and classifies each hit.
// Negated hits ("never ignore previous instructions") are dropped.
func (d *proseDoc) findPhrases(phrases []injPhrase) []injPhraseHit {
	var out []injPhraseHit
	for pi := range phrases {
		pt := &phrases[pi]
		cand := d.candidates(pt.lits)
		for si := range d.Segments {
			if !cand[si] {
				continue
			}
			seg := &d.Segments[si]
			t := seg.N.Text
			for _, m := range pt.rx.FindAllStringIndex(t, -1) {
				if proseNegated(t, m[0]) {
					continue
				}
				s, e := seg.N.Orig(m[0], m[1])
				h := injPhraseHit{pat: pt, seg: seg, i: m[0], j: m[1], start: s, end: e, ctx: d.ctxAt(s)}
				if seg.Kind == markdown.CodeBlock || seg.Kind == markdown.CommandBlock {
					h.ctx = ctxCode
				}
				if (h.ctx == ctxProse || h.ctx == ctxHTML) && seg.Quote > 0 {
					h.ctx = ctxQuote
				}
				h.mention = proseMentioned(t, m[0], m[1])
				h.obfuscated = seg.N.Obfuscated(d.Src, m[0], m[1])
				out = append(out, h)
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].start < out[j].start })
	return dedupeHits(out)
}

// dedupeHits keeps the first (highest-severity on ties) hit among hits
// that overlap in the source.
func dedupeHits(hs []injPhraseHit) []injPhraseHit {
	var out []injPhraseHit
	for _, h := range hs {
		if n := len(out); n > 0 && h.start < out[n-1].end {
			if h.pat.sev > out[n-1].pat.sev {
				out[n-1] = h
			}
			continue
		}
		out = append(out, h)
	}
	return out
}

var negationRx = regexp.MustCompile(`(?:\b(?:never|not|don't|dont|doesn't|won't|shouldn't|mustn't|cannot|can't|avoid|refuse to|without)|\bno)\s+(?:\w+\s+){0,1}$`)

// proseNegated reports whether the words just before i negate what follows.
func proseNegated(t string, i int) bool {
	s := i - 40
	if s < 0 {
		s = 0
	}
	return negationRx.MatchString(t[s:i])
}

var mentionRx = regexp.MustCompile(`(?:\b(?:such as|like|e\.g\.?|i\.e\.?|for example|for instance|phrases?|patterns?|strings?|wording|words|detects?|detecting|flags?|flagging|blocks?|rejects?|recogni[sz]e|contains?|containing|includes?|says?|saying|said|reads|example|examples|attempts?|attacks?|payloads?|classic|typical)\b[^.!?]{0,12}|\b(?:called|named)\s+(?:\S+\s+)?|["'(\[]\s*)$`)

var htmlTagRx = regexp.MustCompile(`<[^<>]*>|<[^<>]*$|^[^<>]*>`)

// proseMentioned reports whether t[i:j] is quoted or cited rather than used:
// inside quotation marks or introduced by "such as", "phrases like", ….
func proseMentioned(t string, i, j int) bool {
	s := i - 60
	if s < 0 {
		s = 0
	}
	before := t[s:i]
	if mentionRx.MatchString(before) {
		return true
	}
	// inside an open quotation on the same sentence (HTML attribute
	// quotes do not count)
	before = htmlTagRx.ReplaceAllString(before, " ")
	if k := strings.LastIndexAny(before, ".!?:"); k >= 0 {
		before = before[k+1:]
	}
	return strings.Count(before, "\"")%2 == 1
}

// proseSentence is one sentence of a prose segment.
type proseSentence struct {
	seg  *proseSegment
	si   int // index of seg in Segments
	idx  int // index of the sentence in sentences()
	i, j int // normalised range in seg.N.Text
	Text string
	ctx  textCtx
}

// sentenceEnds returns the end offsets of the sentences of normalised
// text t: after ".", "!", "?" or ";" followed by a space or the end, and
// at " | " (table cells, which the parser leaves in paragraphs).
func sentenceEnds(t string) []int {
	var ends []int
	for i := 0; i < len(t); i++ {
		switch t[i] {
		case '.', '!', '?', ';':
			if i+1 == len(t) || t[i+1] == ' ' {
				ends = append(ends, i+1)
			}
		case '|':
			if i > 0 && t[i-1] == ' ' && i+1 < len(t) && t[i+1] == ' ' {
				ends = append(ends, i+1)
			}
		}
	}
	return append(ends, len(t))
}

// sentences splits prose segments (paragraphs, headings, HTML blocks) into
// sentences; code blocks are left to the command rules and HTML comments
// to SV308.
func (d *proseDoc) sentences() []proseSentence {
	d.sentOnce.Do(func() { d.sents = d.splitSentences() })
	return d.sents
}

func (d *proseDoc) splitSentences() []proseSentence {
	var out []proseSentence
	for si := range d.Segments {
		seg := &d.Segments[si]
		if seg.Kind != markdown.Paragraph && seg.Kind != markdown.Heading && seg.Kind != markdown.HTMLBlock {
			continue
		}
		t := seg.N.Text
		prev := 0
		for _, e := range sentenceEnds(t) {
			if e <= prev {
				continue
			}
			i, j := prev, e
			prev = j
			for i < j && t[i] == ' ' {
				i++
			}
			if strings.TrimSpace(t[i:j]) == "" {
				continue
			}
			s, _ := seg.N.Orig(i, j)
			ctx := d.ctxAt(s)
			if ctx == ctxComment {
				continue
			}
			if seg.Quote > 0 && ctx != ctxCode {
				ctx = ctxQuote
			}
			out = append(out, proseSentence{seg: seg, si: si, idx: len(out), i: i, j: j, Text: t[i:j], ctx: ctx})
		}
	}
	return out
}

// exampleSeverity lowers sev for text in a security-teaching skill and
// notes blockquotes.
func exampleSeverity(sev analyzer.Severity, ctx textCtx, teaching bool) (analyzer.Severity, string) {
	switch {
	case teaching:
		return Low, " (security-teaching skill)"
	case ctx == ctxQuote:
		// callouts ("> Note: …") instruct as much as prose does
		return sev, " (in a blockquote)"
	}
	return sev, ""
}

// sentenceSeverity grades a sentence-level finding whose trigger starts at
// at in s.Text: low in a security-teaching skill, at most medium when the
// words are quoted or cited ("attackers write 'send … to …'"), noted in a
// blockquote.
func sentenceSeverity(sev analyzer.Severity, s *proseSentence, at int, teaching bool) (analyzer.Severity, string) {
	if !teaching && proseMentioned(s.Text, at, at) {
		if sev > Medium {
			sev = Medium
		}
		return sev, " (quoted)"
	}
	return exampleSeverity(sev, s.ctx, teaching)
}

// refDef is a link reference definition line and the text it hides.
type refDef struct {
	Start, End int
	Label      string
	Dest       string
	Title      string
}

var refDefRx = regexp.MustCompile(`(?m)^[ ]{0,3}\[([^\]\n]{1,999})\]:[ \t]*(\S+)(?:[ \t]+(?:"([^"\n]*)"|'([^'\n]*)'|\(([^)\n]*)\)))?[ \t]*\r?$`)

// findRefDefs records link reference definitions outside code and
// paragraphs (a definition cannot interrupt a paragraph, so one inside a
// paragraph is paragraph text).
func (d *proseDoc) findRefDefs(inCode func(int) bool) {
	body := d.Src[d.BodyStart:]
	if !bytes.Contains(body, []byte("]:")) {
		return
	}
	for _, m := range refDefRx.FindAllSubmatchIndex(body, -1) {
		s, e := d.BodyStart+m[0], d.BodyStart+m[1]
		if inCode(s) || d.inParagraph(s) {
			continue
		}
		rd := refDef{Start: s, End: e, Label: string(body[m[2]:m[3]]), Dest: string(body[m[4]:m[5]])}
		for g := 6; g < 12; g += 2 {
			if m[g] >= 0 {
				rd.Title = string(body[m[g]:m[g+1]])
			}
		}
		d.RefDefs = append(d.RefDefs, rd)
		d.regions = append(d.regions, proseRegion{s, e, ctxComment})
	}
}

func (d *proseDoc) inParagraph(off int) bool {
	k := sort.Search(len(d.Segments), func(i int) bool { return d.Segments[i].Start > off })
	for i := k - 1; i >= 0 && i >= k-3; i-- {
		if s := &d.Segments[i]; s.Kind == markdown.Paragraph && off >= s.Start && off < s.End {
			return true
		}
	}
	return false
}
