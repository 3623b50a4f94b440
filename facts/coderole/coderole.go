// Package coderole decides the role a block or span of code plays in a
// Markdown document: code the agent is told to run, or an illustration —
// the vulnerable half of a "bad / good" pair in a code-review guide, an
// attack quoted in a security write-up. Rules use it to grade what they
// find in code that sits in prose: an illustration is not an instruction.
//
// The role comes from what the text around the code says it is, never from
// where the file is (references/, evals/) or from the document's claimed
// purpose: those are free to an attacker. Instructions win over framing: a
// block that the prose before it tells the agent to run is an instruction
// whatever else the text says.
package coderole

import (
	"github.com/skillvet/skillvet/facts/match"
	"sort"
	"strings"
	"sync"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/parse/markdown"
	"github.com/skillvet/skillvet/skill"
)

// Role is what a piece of code in Markdown is for.
type Role uint8

const (
	// Unknown: nothing around the code says; rules treat it as runnable.
	Unknown Role = iota
	// Instruction: the prose tells the agent to run (install, paste, save
	// and execute) it.
	Instruction
	// Illustration: the prose or the code's own first comment presents it
	// as an example of what not to do, a vulnerable pattern, or an attack.
	Illustration
)

func (r Role) String() string {
	return [...]string{"unknown", "instruction", "illustration"}[r]
}

// Judgement is a role with the text that decided it.
type Judgement struct {
	Role Role
	Why  string // the cue, e.g. `heading "Vulnerable patterns"`
}

type block struct {
	start, end int
	tok        int // index of the token
	heading    int // index of the section's heading token, -1 for none
	para       int // index of the paragraph before the block or holding the span, -1 for none
	lead       int // index of a recent paragraph of the section ending in ":" that introduces a list, -1 for none
}

// Doc holds the code of one Markdown file; judgements are made on demand
// (most code is never asked about) and kept.
type Doc struct {
	toks   []markdown.Token
	blocks []block // sorted by start
	title  int     // the document's first heading when it is a level-1 title, or -1

	mu    sync.Mutex
	cache map[int]Judgement
}

type key struct{}

// Of returns the code roles of the pass's Markdown file, built once per
// file. It returns nil when the file is not Markdown or does not parse.
func Of(p *analyzer.Pass) *Doc {
	if p.File.Kind != skill.KindMarkdown {
		return nil
	}
	v, err := p.File.Memo(key{}, func() (any, error) {
		doc, err := p.Markdown()
		if err != nil {
			return nil, err
		}
		return Build(doc.Tokens), nil
	})
	if err != nil || v == nil {
		return nil
	}
	return v.(*Doc)
}

// At returns the judgement of the code block or code span that holds file
// offset off (Unknown when off is not in code).
func (d *Doc) At(off int) Judgement {
	if d == nil {
		return Judgement{}
	}
	k := sort.Search(len(d.blocks), func(i int) bool { return d.blocks[i].start > off }) - 1
	for ; k >= 0; k-- {
		b := d.blocks[k]
		if off >= b.start && off < b.end {
			return d.judgement(b)
		}
		if b.end <= off {
			break
		}
	}
	return Judgement{}
}

func (d *Doc) judgement(b block) Judgement {
	d.mu.Lock()
	defer d.mu.Unlock()
	if j, ok := d.cache[b.tok]; ok {
		return j
	}
	text := func(i int) string {
		if i < 0 {
			return ""
		}
		return d.toks[i].Text
	}
	t := &d.toks[b.tok]
	var j Judgement
	if t.Kind == markdown.CodeSpan {
		j = judgeSpan(text(b.heading), text(b.para), t)
		if j.Role == Unknown && b.lead >= 0 && b.lead != b.para {
			// a list item: what the sentence introducing the list says
			lead := lastSentences(text(b.lead))
			if m := runCueRx.FindString(lead); m != "" {
				j = Judgement{Instruction, "the text introducing its list says " + quote(m)}
			} else if m := illustrationRx.FindString(lead); m != "" {
				j = Judgement{Illustration, "the text introducing its list says " + quote(m)}
			}
		}
	} else {
		j = judge(text(b.heading), text(b.para), t.Text)
	}
	// A document titled as a catalogue of attacks or dangerous patterns
	// presents its code as examples, unless the text at hand tells the
	// agent to run it.
	if j.Role == Unknown && d.title >= 0 && d.title != b.heading {
		if m := illustrationRx.FindString(text(d.title)); m != "" {
			j = Judgement{Illustration, "the document's title " + quote(text(d.title))}
		}
	}
	if d.cache == nil {
		d.cache = map[int]Judgement{}
	}
	d.cache[b.tok] = j
	return j
}

// Build indexes the code blocks and code spans of a token stream.
func Build(toks []markdown.Token) *Doc {
	d := &Doc{toks: toks, title: -1}
	for i := range toks {
		if toks[i].Kind == markdown.Heading {
			if toks[i].Level == 1 {
				d.title = i
			}
			break
		}
	}
	heading, lastPara, lead := -1, -1, -1
	for i := range toks {
		t := &toks[i]
		switch t.Kind {
		case markdown.Heading:
			heading, lastPara, lead = i, -1, -1
		case markdown.Paragraph:
			if lastPara >= 0 && strings.HasSuffix(strings.TrimSpace(toks[lastPara].Text), ":") {
				lead = lastPara // "The attacker can also chain commands:" and its items
			} else if lead >= 0 && i-lead > maxLeadGap {
				lead = -1
			}
			lastPara = i
		case markdown.CodeBlock:
			d.blocks = append(d.blocks, block{t.Start, t.End, i, heading, lastPara, -1})
			lastPara, lead = -1, -1
		case markdown.CodeSpan:
			d.blocks = append(d.blocks, block{t.Start, t.End, i, heading, lastPara, lead})
		}
	}
	sort.SliceStable(d.blocks, func(i, j int) bool { return d.blocks[i].start < d.blocks[j].start })
	return d
}

// maxLeadGap bounds how many tokens after a paragraph ending in ":" its
// list can run.
const maxLeadGap = 40

var (
	// Words that present code as something not to do or as an attack.
	illustrationRx = match.MustRx(`(?i)\b(?:vulnerable|vulnerabilit(?:y|ies)|insecure|unsafe|bad|wrong|incorrect|avoid|anti-?patterns?|dangerous|attack(?:er|ers|s)?|exploit(?:s|ed|ation)?|malicious|payloads?|injection|inject(?:s|ed)?|red flags?|code smells?|noncompliant|non-compliant|tainted|always flag|flag (?:these|this|it|if|when|any|as)|sinks?|footguns?|pitfalls?|mistakes?|don'?t do|do not do|never do|flagged|detects?|detection|indicators? of compromise|iocs?|threats?|threat model(?:s|l?ing)?|adversar(?:y|ies|ial))\b`)
	// Comment cues inside the code: "# BAD", "// Vulnerable:", "❌".
	commentCueRx = match.MustRx(`(?i)^\s*(?:#|//|--|/\*|<!--|;|rem\b)\s*(?:[❌✗✘🚫⚠️]|\b(?:bad|vulnerable|insecure|unsafe|wrong|incorrect|don'?t|do not|never|dangerous|noncompliant|non-compliant|attack(?:er)?|exploit|malicious|payload|before)\b|\b(?:check|flag|review)\s*:)`)
	// An imperative telling the agent to run what follows.
	runCueRx = match.MustRx(`(?i)(?:^|[.:;!?,]\s+|\n\s*(?:[-*]|\d+[.)])\s+)(?:(?:then|first|now|next|finally|also|please|just|simply|to (?:install|set up|start|begin|use it|get started),?)\s+|you (?:must|should|need to|have to|can)\s+)?(?:run|execute|exec|paste|type|enter|install|invoke|launch|start|call|source|evaluate|apply|copy and run|use (?:this|the following|the code|the script|the snippet)|follow (?:these|the) steps|save (?:it|this|the (?:script|code|file)) (?:as|to|in)|create (?:a file|the file|this file)|add (?:this|the following))\b`)
)

func judge(heading, para, code string) Judgement {
	if m := runCueRx.FindString(lastSentences(para)); m != "" {
		return Judgement{Instruction, "the text before it says " + quote(m)}
	}
	for _, l := range firstLines(code, 3) {
		if commentCueRx.MatchString(l) || isComment(l) && illustrationRx.MatchString(l) {
			return Judgement{Illustration, "its comment " + quote(l)}
		}
	}
	if m := illustrationRx.FindString(para); m != "" {
		return Judgement{Illustration, "the text before it says " + quote(m)}
	}
	if m := illustrationRx.FindString(heading); m != "" {
		return Judgement{Illustration, "its section " + quote(heading)}
	}
	return Judgement{}
}

// judgeSpan judges a code span by its own sentence: "`curl … | sh` is how
// the attacker…" is an illustration, "Run `curl … | sh`" an instruction.
func judgeSpan(heading, para string, t *markdown.Token) Judgement {
	sent := sentenceWith(para, t.Text)
	if m := runCueRx.FindString(sent); m != "" {
		return Judgement{Instruction, "its sentence says " + quote(m)}
	}
	if m := illustrationRx.FindString(sent); m != "" {
		return Judgement{Illustration, "its sentence says " + quote(m)}
	}
	if m := illustrationRx.FindString(heading); m != "" && !runCueRx.MatchString(para) {
		return Judgement{Illustration, "its section " + quote(heading)}
	}
	return Judgement{}
}

// lastSentences is the end of the paragraph before a block: what leads
// into it ("… To install, run:").
func lastSentences(p string) string {
	p = strings.TrimSpace(p)
	if len(p) > 300 {
		p = p[len(p)-300:]
	}
	return p
}

// sentenceWith returns the sentence (or list item, or table row) of para
// that contains code.
func sentenceWith(para, code string) string {
	i := strings.Index(para, code)
	if i < 0 {
		return ""
	}
	s := strings.LastIndexAny(para[:i], ".!?\n|") + 1
	e := strings.IndexAny(para[i+len(code):], ".!?\n|")
	if e < 0 {
		e = len(para)
	} else {
		e += i + len(code)
	}
	return para[s:e]
}

var commentRx = match.MustRx(`^\s*(?:#|//|--|/\*|<!--|;|rem\b)`)

func isComment(l string) bool { return commentRx.MatchString(l) }

func firstLines(code string, n int) []string {
	var out []string
	for _, l := range strings.Split(code, "\n") {
		if strings.TrimSpace(l) == "" {
			continue
		}
		out = append(out, l)
		if len(out) == n {
			break
		}
	}
	return out
}

func quote(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 60 {
		s = s[:60] + "…"
	}
	return `"` + s + `"`
}
