package rules

import (
	"bytes"
	"fmt"
	"github.com/skillvet/skillvet/facts/match"
	"path"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/coderole"
	"github.com/skillvet/skillvet/parse/jsonpos"
	"github.com/skillvet/skillvet/parse/markdown"
	"github.com/skillvet/skillvet/skill"
)

// EmbeddedCode finds code that sits inside other files — Python and
// JavaScript/TypeScript blocks in Markdown, Jupyter notebook cells — and
// hands it to the engine, which analyses it with every rule of its
// language and reports in the host file.
var EmbeddedCode = register(&analyzer.Rule{
	ID:       "SV050",
	Name:     "embedded-code",
	Title:    "Code embedded in Markdown and notebooks is analysed as code",
	Severity: Info,
	Category: analyzer.CatObfuscation,
	Evidence: analyzer.EvIntegrity,
	Tags:     []string{"security", "scan-integrity"},
	Inputs:   analyzer.InMarkdown | analyzer.InJSON,
	Doc: `Agents run code they find in a skill's instructions, not only its script files: a fenced
` + "`python`" + ` code block in SKILL.md or a reference file, a cell of a Jupyter notebook (hidden or
collapsed cells included). This rule reports nothing itself: it extracts that code and the
engine analyses it with every rule of its language (the Python rules for Python blocks and
notebook code cells, the JavaScript rules for js/ts/jsx/tsx blocks, the Markdown rules for
notebook Markdown cells). Findings appear in the host file at the block's lines, with the
block named in the message.

Blocks are recognised by their fence info string (` + "`python`, `py`, `python3`, `pycon`, `js`,\n`javascript`, `node`, `ts`, `typescript`, `jsx`, `tsx`" + `), and unlabelled blocks by their first
line (` + "`import x`, `from x import y`, `def f(`, `const x =`, `require(`" + `). Shell blocks are read by
the command rules directly. A snippet that does not parse (documentation elides code) does not
block: the host file's own analysis still reads its text.

**Limits:** at most 20,000 embedded blocks and the skill's byte limit, at most 4 levels of
embedding; beyond that the skill is blocked (SV001), because the scanner would be blind there.`,
	Extract: extractEmbedded,
})

func extractEmbedded(p *analyzer.Pass) ([]*skill.File, error) {
	f := p.File
	switch {
	case f.Kind == skill.KindJSON && strings.EqualFold(path.Ext(f.Root().Path), ".ipynb"):
		return notebookCells(f), nil
	case f.Kind == skill.KindMarkdown:
		doc, err := p.Markdown()
		if err != nil {
			return nil, err // the engine reports the Markdown failure once
		}
		roles := coderole.Build(doc.Tokens)
		var out []*skill.File
		for i := range doc.Tokens {
			t := &doc.Tokens[i]
			if t.Kind != markdown.CodeBlock {
				continue
			}
			k, ext, lang := codeBlockLanguage(t.Info, t.Text)
			if k == skill.KindUnknown {
				continue
			}
			text := t.Text
			if lang == "pycon" {
				text = stripPythonPrompts(text)
			}
			content, segs := mapLines(f.Content, t.TextStart, text)
			e := skill.NewEmbeddedMapped(f, k, content, segs, lang+" code block", ext)
			switch j := roles.At(t.Start); j.Role {
			case coderole.Illustration:
				e.Embed.Illustration = j.Why
			case coderole.Instruction:
				e.Embed.Instructed = j.Why
			}
			out = append(out, e)
		}
		return out, nil
	}
	return nil, nil
}

var (
	pyFirstLineRx = match.MustRx(`^(?:import [A-Za-z_][\w.]*(?:\s+as\s+\w+)?\s*(?:,|$)|from [A-Za-z_.][\w.]* import |def \w+\(|class \w+[:(]|async def \w+\(|if __name__ == )`)
	jsFirstLineRx = match.MustRx(`^(?:(?:const|let|var) \w+\s*=|import .* from ['"]|import ['"]|(?:const|let|var) .*= require\(|require\(['"]|(?:async )?function \w*\(|export (?:default |const |function |async ))`)
)

// codeBlockLanguage maps a fence info string (or, for an unlabelled block,
// its first code line) to the kind the code is analysed as.
func codeBlockLanguage(info, text string) (skill.Kind, string, string) {
	lang := strings.ToLower(strings.TrimSpace(info))
	if i := strings.IndexAny(lang, " \t{,"); i >= 0 {
		lang = lang[:i]
	}
	lang = strings.TrimPrefix(lang, ".")
	switch lang {
	case "python", "py", "python3", "py3", "ipython", "ipython3", "python2", "sage":
		return skill.KindPython, ".py", "python"
	case "pycon", "python-repl":
		return skill.KindPython, ".py", "pycon"
	case "js", "javascript", "node", "nodejs", "mjs", "cjs":
		return skill.KindJS, ".js", "javascript"
	case "jsx":
		return skill.KindJS, ".jsx", "jsx"
	case "ts", "typescript", "mts", "cts":
		return skill.KindJS, ".ts", "typescript"
	case "tsx":
		return skill.KindJS, ".tsx", "tsx"
	case "":
		first := ""
		for _, l := range strings.Split(text, "\n") {
			if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") && !strings.HasPrefix(l, "//") {
				first = l
				break
			}
		}
		switch {
		case pyFirstLineRx.MatchString(first):
			return skill.KindPython, ".py", "python"
		case jsFirstLineRx.MatchString(first):
			return skill.KindJS, ".js", "javascript"
		}
	}
	return skill.KindUnknown, "", ""
}

// stripPythonPrompts turns an interactive session into the code typed at
// its prompts (output lines dropped), keeping line count and columns of the
// code so positions stay right.
func stripPythonPrompts(text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		switch {
		case strings.HasPrefix(l, ">>> "), strings.HasPrefix(l, "... "):
			lines[i] = "    " + l[4:]
		case l == ">>>" || l == "...":
			lines[i] = ""
		default:
			lines[i] = "" // output
		}
	}
	return strings.Join(lines, "\n")
}

// mapLines maps text, the lines of a block as the Markdown parser joined
// them (without the indentation or "> " of lists and quotes), back onto src
// from offset from: one segment per line, found in order.
func mapLines(src []byte, from int, text string) ([]byte, []skill.Seg) {
	var segs []skill.Seg
	cur := from
	v := 0
	for _, l := range strings.SplitAfter(text, "\n") {
		if l == "" {
			continue
		}
		body := strings.TrimSuffix(l, "\n")
		h := cur
		if body != "" && cur <= len(src) {
			limit := min(len(src), cur+len(body)+4096)
			if k := bytes.Index(src[cur:limit], []byte(body)); k >= 0 {
				h = cur + k
			}
		}
		segs = append(segs, skill.Seg{V: v, H: h, N: len(body)})
		v += len(l)
		if nl := bytes.IndexByte(src[min(h+len(body), len(src)):], '\n'); nl >= 0 {
			cur = h + len(body) + nl + 1
		}
	}
	return []byte(text), segs
}

// notebookCells returns a Jupyter notebook's cells as embedded files: code
// cells in the notebook's language (Python unless its kernel says
// otherwise), Markdown cells as Markdown. Hidden, collapsed and
// metadata-tagged cells are cells like any other. Each source line maps to
// its JSON string in the notebook.
func notebookCells(f *skill.File) []*skill.File {
	cells, lang := readNotebook(f.Content)
	var out []*skill.File
	for i, c := range cells {
		var k skill.Kind
		ext := ""
		switch c.kind {
		case "code":
			switch lang {
			case "", "python", "python3", "ipython":
				k, ext = skill.KindPython, ".py"
			case "javascript", "typescript":
				k, ext = skill.KindJS, ".js"
			default:
				continue
			}
		case "markdown", "raw":
			k, ext = skill.KindMarkdown, ".md"
		default:
			continue
		}
		var b strings.Builder
		var segs []skill.Seg
		for _, l := range c.lines {
			segs = append(segs, skill.Seg{V: b.Len(), H: l.off, N: len(l.text)})
			b.WriteString(l.text)
		}
		if b.Len() == 0 {
			continue
		}
		code := b.String()
		ctx := fmt.Sprintf("notebook %s cell %d", c.kind, i+1)
		if k == skill.KindPython {
			code = commentIPythonMagics(code)
			if sh := notebookShellLines(c.lines, ctx); sh != nil {
				out = append(out, skill.NewEmbeddedMapped(f, skill.KindShell, sh.content, sh.segs, ctx+" shell escapes", ".sh"))
			}
		}
		out = append(out, skill.NewEmbeddedMapped(f, k, []byte(code), segs, ctx, ext))
	}
	return out
}

type mapped struct {
	content []byte
	segs    []skill.Seg
}

// notebookShellLines collects a code cell's "!command" lines (IPython runs
// them in a shell) as a shell script, each line mapped to its string.
func notebookShellLines(lines []nbLine, ctx string) *mapped {
	var m mapped
	for _, l := range lines {
		t := strings.TrimLeft(l.text, " \t")
		if !strings.HasPrefix(t, "!") {
			continue
		}
		lead := len(l.text) - len(t) + 1
		cmd := strings.TrimSuffix(t[1:], "\n")
		m.segs = append(m.segs, skill.Seg{V: len(m.content), H: l.off + lead, N: len(cmd)})
		m.content = append(m.content, cmd...)
		m.content = append(m.content, '\n')
	}
	if len(m.content) == 0 {
		return nil
	}
	return &m
}

type nbLine struct {
	text string
	off  int // offset of the JSON string in the file
}

type nbCell struct {
	kind  string
	lines []nbLine
}

// readNotebook reads a notebook's cells — the file offset of every string
// of a cell's "source" (a string or a list of strings) — and the kernel
// language from metadata. Invalid JSON ends the walk: the cells read so far
// are analysed, and the JSON rules report the rest.
func readNotebook(b []byte) ([]nbCell, string) {
	var cells []nbCell
	lang := ""
	idx := map[string]int{}
	_ = jsonpos.Strings(b, func(v jsonpos.Value) {
		p := v.Path
		switch {
		case len(p) >= 4 && p[0] == "cells" && p[2] == "source" || len(p) == 3 && p[0] == "cells" && p[2] == "source",
			len(p) == 3 && p[0] == "cells" && p[2] == "cell_type":
			i, ok := idx[p[1]]
			if !ok {
				i = len(cells)
				idx[p[1]] = i
				cells = append(cells, nbCell{})
			}
			if p[2] == "cell_type" {
				cells[i].kind = v.Text
			} else {
				cells[i].lines = append(cells[i].lines, nbLine{text: v.Text, off: v.Off})
			}
		case len(p) == 3 && p[0] == "metadata" && (p[1] == "kernelspec" || p[1] == "language_info") && p[2] == "language":
			if lang == "" {
				lang = strings.ToLower(v.Text)
			}
		}
	})
	return cells, lang
}

// commentIPythonMagics turns IPython-only lines (%magic, !shell, ?help)
// into comments so the cell tokenises as Python ("!cmd" lines are analysed
// as shell separately).
func commentIPythonMagics(code string) string {
	lines := strings.Split(code, "\n")
	for i, l := range lines {
		t := strings.TrimLeft(l, " \t")
		if strings.HasPrefix(t, "%") || strings.HasPrefix(t, "!") || strings.HasPrefix(t, "?") {
			lines[i] = strings.Repeat(" ", len(l)-len(t)) + "#" + t[1:]
		}
	}
	return strings.Join(lines, "\n")
}
