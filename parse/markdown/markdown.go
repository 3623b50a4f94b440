// Package markdown turns a Markdown document into a flat token stream with
// exact byte offsets (and so lines) in the original file: headings,
// paragraphs, fenced and indented code with their info strings, code spans,
// HTML blocks and inline HTML, links, images, autolinks, and the dynamic
// context commands an agent runs before any human reads them (`!cmd` lines,
// !`cmd` inline, ```! fences, `!read path`). It uses goldmark for the
// CommonMark structure and caps size and nesting before parsing, because
// deeply nested containers make Markdown parsers quadratic.
package markdown

import (
	"bytes"
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// Limits on input accepted for parsing.
const (
	MaxBytes   = 8 << 20
	MaxNesting = 100 // blockquote / list container depth
)

// Kind is a token kind.
type Kind uint8

const (
	Heading       Kind = iota + 1
	Paragraph          // a paragraph or tight list item's text, raw Markdown
	CodeBlock          // fenced or indented code; Info holds the info string
	CodeSpan           // `inline code`
	HTMLBlock          // a block of raw HTML (comments included)
	InlineHTML         // inline raw HTML (comments included)
	Link               // [text](url); Text is the link text, URL the destination
	Image              // ![alt](src)
	Autolink           // <https://…> or <a@b.c>
	Command            // a `!command` line: runs at render time
	InlineCommand      // !`command`: runs at render time
	CommandBlock       // ```! fenced block: a multi-line command run at render time
	ReadDirective      // `!read path`: the file is inlined at render time
)

var kindNames = map[Kind]string{Heading: "heading", Paragraph: "paragraph", CodeBlock: "code-block",
	CodeSpan: "code-span", HTMLBlock: "html-block", InlineHTML: "inline-html", Link: "link",
	Image: "image", Autolink: "autolink", Command: "command", InlineCommand: "inline-command",
	CommandBlock: "command-block", ReadDirective: "read-directive"}

func (k Kind) String() string { return kindNames[k] }

// IsCommand reports whether the token is executed at render time.
func (k Kind) IsCommand() bool { return k == Command || k == InlineCommand || k == CommandBlock }

// Token is one element of the stream. Start and End are byte offsets in the
// file that was parsed (the body offset already added).
type Token struct {
	Kind  Kind
	Text  string // content: code, command, paragraph text, HTML, link text
	URL   string // Link, Image, Autolink: the destination
	Info  string // CodeBlock, CommandBlock: the fence info string
	Level int    // Heading level
	Start int
	End   int
	// TextStart is the offset of Text's first byte in the file when Text is
	// a verbatim slice of it (code blocks: the first content line), else
	// Start.
	TextStart int
	Quote     int  // blockquote depth (0 outside quotes)
	Fenced    bool // CodeBlock: fenced rather than indented
}

// IsComment reports whether an HTML token is (or starts with) a comment.
func (t *Token) IsComment() bool {
	return (t.Kind == HTMLBlock || t.Kind == InlineHTML) && strings.HasPrefix(strings.TrimSpace(t.Text), "<!--")
}

// LimitError says why a document was not parsed, and where.
type LimitError struct {
	Offset int // byte offset in the file
	Msg    string
}

func (e *LimitError) Error() string { return e.Msg }

// Doc is a parsed Markdown document.
type Doc struct {
	Tokens []Token
}

// mdParser is shared by every parse: goldmark's parser sets itself up
// once (its block and inline parsers, sorted) and keeps each parse's
// state in a context of its own, so one serves concurrent parses.
var mdParser = goldmark.DefaultParser()

// Parse tokenises src[start:] (start skips SKILL.md frontmatter); offsets
// are relative to src.
func Parse(src []byte, start int) (*Doc, error) {
	if start < 0 || start > len(src) {
		start = len(src)
	}
	body := src[start:]
	if len(body) > MaxBytes {
		return nil, &LimitError{Offset: start, Msg: fmt.Sprintf("markdown of %d bytes is over the %d-byte parse limit", len(body), MaxBytes)}
	}
	if d, at := nesting(body); d > MaxNesting {
		return nil, &LimitError{Offset: start + at, Msg: fmt.Sprintf("markdown nests blockquotes %d deep, over the limit of %d", d, MaxNesting)}
	}
	toks := parseBody(body, start, 0)
	sortTokens(toks)
	return &Doc{Tokens: toks}, nil
}

// maxReparse bounds how many self-closed raw-text tags in a row reopen the
// document (each one parses the rest again); past it the rest stays one
// HTML block, as CommonMark reads it.
const maxReparse = 8

// parseBody tokenises body (at offset base in the file); depth counts the
// self-closed raw-text tags already reopened above it.
func parseBody(body []byte, base, depth int) []Token {
	p := &parser{src: body, base: base, depth: depth, toks: make([]Token, 0, len(body)/64+8)}
	root := mdParser.Parse(text.NewReader(body))
	p.walk(root, 0)
	if p.rest > 0 {
		// the rest of the document after a self-closed <script …/>:
		// parsed as Markdown of its own, its commands found there
		p.fences = append(p.fences, [2]int{p.rest, len(body)})
		p.toks = append(p.toks, parseBody(body[p.rest:], base+p.rest, depth+1)...)
	}
	p.commands()
	return p.toks
}

type parser struct {
	src    []byte
	base   int
	toks   []Token
	fences [][2]int // byte ranges of fenced/indented code, in body offsets
	depth  int      // reopened raw-text tags above this parse
	rest   int      // > 0: where the Markdown after a self-closed raw-text tag starts
}

// selfClosedRawRx matches a line that is only a self-closed raw-text tag
// (`<script src="x.js" defer />`): MDX and JSX close it there, and an agent
// reading the file sees the Markdown that follows; CommonMark would open an
// HTML block running to the end of the file, turning every later code
// block into prose.
var selfClosedRawRx = regexp.MustCompile(`(?i)^[ \t]{0,3}<(?:script|style|pre|textarea)\b[^<>]*/>[ \t]*\r?\n?$`)

func (p *parser) add(t Token) {
	t.Start += p.base
	t.End += p.base
	t.TextStart += p.base
	p.toks = append(p.toks, t)
}

func linesRange(n ast.Node) (int, int, bool) {
	ls := n.Lines()
	if ls == nil || ls.Len() == 0 {
		return 0, 0, false
	}
	return ls.At(0).Start, ls.At(ls.Len() - 1).Stop, true
}

func (p *parser) linesText(n ast.Node) string {
	var b strings.Builder
	ls := n.Lines()
	for i := 0; i < ls.Len(); i++ {
		seg := ls.At(i)
		b.Write(seg.Value(p.src))
	}
	return b.String()
}

// lineStart returns the offset of the start of the line holding off.
func (p *parser) lineStart(off int) int {
	if off > len(p.src) {
		off = len(p.src)
	}
	return bytes.LastIndexByte(p.src[:off], '\n') + 1
}

// reopens reports whether an HTML block is a top-level, unclosed type-1
// block (script, style, pre, textarea) opened by a line holding only a
// self-closed tag, with more lines after it, and the reopening depth
// allows another parse of the rest.
func (p *parser) reopens(n *ast.HTMLBlock, quote int) bool {
	if quote != 0 || p.depth >= maxReparse || n.HTMLBlockType != ast.HTMLBlockType1 || n.HasClosure() {
		return false
	}
	if _, isDoc := n.Parent().(*ast.Document); !isDoc {
		return false
	}
	ls := n.Lines()
	if ls.Len() < 2 {
		return false
	}
	first := ls.At(0)
	return selfClosedRawRx.Match(first.Value(p.src))
}

func (p *parser) walk(n ast.Node, quote int) {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		p.node(c, quote)
	}
}

func (p *parser) node(n ast.Node, quote int) {
	switch n := n.(type) {
	case *ast.Blockquote:
		p.walk(n, quote+1)
		return
	case *ast.Heading:
		if s, e, ok := linesRange(n); ok {
			p.add(Token{Kind: Heading, Text: p.linesText(n), Level: n.Level, Start: p.lineStart(s), End: e, TextStart: s, Quote: quote})
		}
	case *ast.Paragraph, *ast.TextBlock:
		if s, e, ok := linesRange(n); ok {
			p.add(Token{Kind: Paragraph, Text: p.linesText(n), Start: s, End: e, TextStart: s, Quote: quote})
		}
	case *ast.FencedCodeBlock:
		info := ""
		if n.Info != nil {
			info = string(n.Info.Segment.Value(p.src))
		}
		fenceStart := p.fenceLine(n)
		s, e, ok := linesRange(n)
		if !ok {
			s, e = fenceStart, fenceStart
		}
		end := e
		if cl := p.closingFence(e); cl > end {
			end = cl
		}
		p.fences = append(p.fences, [2]int{fenceStart, end})
		kind := CodeBlock
		if strings.HasPrefix(strings.TrimSpace(info), "!") {
			kind = CommandBlock
		}
		p.add(Token{Kind: kind, Text: p.linesText(n), Info: info, Start: fenceStart, End: end, TextStart: s, Quote: quote, Fenced: true})
		return
	case *ast.CodeBlock:
		if s, e, ok := linesRange(n); ok {
			p.fences = append(p.fences, [2]int{p.lineStart(s), e})
			p.add(Token{Kind: CodeBlock, Text: p.linesText(n), Start: s, End: e, TextStart: s, Quote: quote})
		}
		return
	case *ast.HTMLBlock:
		s, e, ok := linesRange(n)
		if ok && p.reopens(n, quote) {
			first := n.Lines().At(0)
			p.fences = append(p.fences, [2]int{first.Start, first.Stop})
			p.add(Token{Kind: HTMLBlock, Text: string(first.Value(p.src)), Start: first.Start, End: first.Stop, TextStart: first.Start, Quote: quote})
			p.rest = first.Stop
			return
		}
		if ok {
			txt := p.linesText(n)
			if n.HasClosure() {
				txt += string(n.ClosureLine.Value(p.src))
				e = n.ClosureLine.Stop
			}
			p.fences = append(p.fences, [2]int{s, e})
			p.add(Token{Kind: HTMLBlock, Text: txt, Start: s, End: e, TextStart: s, Quote: quote})
		}
		return
	case *ast.CodeSpan:
		s, e, txt := p.inlineText(n)
		p.add(Token{Kind: CodeSpan, Text: txt, Start: s, End: e, TextStart: s, Quote: quote})
		return
	case *ast.RawHTML:
		if n.Segments != nil && n.Segments.Len() > 0 {
			var b strings.Builder
			for i := 0; i < n.Segments.Len(); i++ {
				seg := n.Segments.At(i)
				b.Write(seg.Value(p.src))
			}
			s, e := n.Segments.At(0).Start, n.Segments.At(n.Segments.Len()-1).Stop
			p.add(Token{Kind: InlineHTML, Text: b.String(), Start: s, End: e, TextStart: s, Quote: quote})
		}
		return
	case *ast.Link:
		s, e, txt := p.inlineText(n)
		p.add(Token{Kind: Link, Text: txt, URL: string(n.Destination), Start: s, End: e, TextStart: s, Quote: quote})
	case *ast.Image:
		s, e, txt := p.inlineText(n)
		p.add(Token{Kind: Image, Text: txt, URL: string(n.Destination), Start: s, End: e, TextStart: s, Quote: quote})
	case *ast.AutoLink:
		s, e, _ := p.inlineText(n)
		u := string(n.URL(p.src))
		if n.AutoLinkType == ast.AutoLinkEmail && !strings.HasPrefix(u, "mailto:") {
			u = "mailto:" + u
		}
		p.add(Token{Kind: Autolink, Text: string(n.Label(p.src)), URL: u, Start: s, End: e, TextStart: s, Quote: quote})
		return
	}
	p.walk(n, quote)
}

// inlineText returns the span of an inline node's text descendants.
func (p *parser) inlineText(n ast.Node) (int, int, string) {
	start, end := -1, -1
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		if t, ok := c.(*ast.Text); ok {
			if start < 0 {
				start = t.Segment.Start
			}
			end = t.Segment.Stop
			b.Write(t.Segment.Value(p.src))
			if t.SoftLineBreak() {
				b.WriteByte('\n')
			}
		}
		return ast.WalkContinue, nil
	})
	if start < 0 {
		// No text: place the token at its block's first line. Only block
		// nodes have lines (goldmark panics when asked for an inline
		// node's: an image with empty alt text inside a link, a badge).
		for a := n.Parent(); a != nil; a = a.Parent() {
			if a.Type() != ast.TypeBlock {
				continue
			}
			if s, _, ok := linesRange(a); ok {
				return s, s, b.String()
			}
		}
		return 0, 0, b.String()
	}
	return start, end, b.String()
}

// fenceLine returns the offset of the opening fence line of a fenced block.
func (p *parser) fenceLine(n *ast.FencedCodeBlock) int {
	if n.Info != nil {
		return p.lineStart(n.Info.Segment.Start)
	}
	if s, _, ok := linesRange(n); ok && s > 0 {
		return p.lineStart(p.lineStart(s) - 1)
	}
	// Empty block without info: find the fence before the next sibling.
	return 0
}

// closingFence returns the end offset of the line after off if it is a
// closing fence, else -1.
func (p *parser) closingFence(off int) int {
	if off >= len(p.src) {
		return -1
	}
	rest := p.src[off:]
	line, _, _ := bytes.Cut(rest, []byte("\n"))
	t := bytes.TrimSpace(line)
	if bytes.HasPrefix(t, []byte("```")) || bytes.HasPrefix(t, []byte("~~~")) {
		return off + len(line)
	}
	return -1
}

// commands finds dynamic-context commands on lines outside code and HTML
// blocks: `!cmd` and `!read path` at the start of a line, and !`cmd` at the
// start of a line or after whitespace. Images (`![`) and admonitions (`!!!`)
// are not commands.
func (p *parser) commands() {
	sort.Slice(p.fences, func(i, j int) bool { return p.fences[i][0] < p.fences[j][0] })
	fi := 0 // fences before fi end before the current line
	off := 0
	for off <= len(p.src) {
		end := bytes.IndexByte(p.src[off:], '\n')
		if end < 0 {
			end = len(p.src)
		} else {
			end += off
		}
		line := p.src[off:end]
		for fi < len(p.fences) && p.fences[fi][1] <= off {
			fi++
		}
		inFence := false
		for j := fi; j < len(p.fences) && p.fences[j][0] <= off; j++ {
			if off < p.fences[j][1] {
				inFence = true
				break
			}
		}
		if !inFence {
			p.lineCommands(line, off)
		}
		if end == len(p.src) {
			break
		}
		off = end + 1
	}
}

func (p *parser) lineCommands(line []byte, off int) {
	trimmed := bytes.TrimLeft(line, " \t")
	lead := len(line) - len(trimmed)
	trimmed = bytes.TrimRight(trimmed, " \t\r")
	if len(trimmed) > 1 && trimmed[0] == '!' && trimmed[1] != '`' && trimmed[1] != '[' && trimmed[1] != '!' && trimmed[1] != ' ' && trimmed[1] != '=' {
		cmd := string(trimmed[1:])
		s := off + lead
		if rest, ok := strings.CutPrefix(cmd, "read "); ok {
			p.add(Token{Kind: ReadDirective, Text: strings.TrimSpace(rest), Start: s, End: off + len(line), TextStart: s + 6})
			return
		}
		p.add(Token{Kind: Command, Text: cmd, Start: s, End: off + len(line), TextStart: s + 1})
		return
	}
	for i := 0; i+1 < len(line); i++ {
		if line[i] != '!' || line[i+1] != '`' || (i > 0 && line[i-1] != ' ' && line[i-1] != '\t') {
			continue
		}
		j := bytes.IndexByte(line[i+2:], '`')
		if j < 0 {
			return
		}
		cmd := string(line[i+2 : i+2+j])
		p.add(Token{Kind: InlineCommand, Text: cmd, Start: off + i, End: off + i + 3 + j, TextStart: off + i + 2})
		i += 2 + j
	}
}

// nesting measures the deepest run of blockquote markers at the start of
// any line (the construct that makes CommonMark parsers quadratic).
func nesting(src []byte) (depth, at int) {
	maxd, off := 0, 0
	for len(src) > 0 {
		line, rest, _ := bytes.Cut(src, []byte("\n"))
		src = rest
		lineOff := off
		off += len(line) + 1
		d := 0
		for _, c := range line {
			if c == '>' {
				d++
			} else if c != ' ' && c != '\t' {
				break
			}
		}
		if d > maxd {
			maxd, at = d, lineOff
		}
	}
	return maxd, at
}

func sortTokens(ts []Token) {
	// Insertion order is document order for blocks; commands were appended
	// last. A stable sort by start keeps blocks before their inline tokens.
	sortStable(ts, func(a, b *Token) bool { return a.Start < b.Start })
}
