// Package js parses JavaScript and TypeScript into a goja AST whose
// positions map back to the original file. It never runs code.
//
// Plain scripts (.js, .cjs, node shebang files) go straight to goja's
// parser. TypeScript, JSX, ES modules, and scripts goja rejects are first
// lowered by esbuild's Transform to CommonJS that goja accepts; positions
// are then mapped back through esbuild's source map, and positions inside
// esbuild's helper prelude map nowhere.
//
// Pipeline hardening: source-map comments are blanked before parsing and
// goja's own source-map loading is disabled (a crafted map could move
// findings, and goja would read a map path from disk); nesting depth is
// measured before any parser runs (deep nesting overflows parser stacks);
// input size is capped.
package js

import (
	"errors"
	"fmt"
	"path"
	"regexp"
	"strings"
	"sync"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"

	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/file"
	"github.com/dop251/goja/parser"
	"github.com/evanw/esbuild/pkg/api"

	"github.com/skillvet/skillvet/parse/rxlit"
)

// Limits bound the work the pipeline accepts.
type Limits struct {
	MaxSize  int // bytes of source
	MaxDepth int // nesting of brackets, parentheses and braces
}

// DefaultLimits are used by Parse.
var DefaultLimits = Limits{MaxSize: 8 << 20, MaxDepth: 1000} // MaxSize matches skill.DefaultLimits.MaxFileBytes

// LimitError says the input exceeds a limit and was not parsed.
type LimitError struct{ Reason string }

func (e *LimitError) Error() string { return e.Reason }

// SyntaxError says neither parser accepted the input.
type SyntaxError struct {
	Line, Column int // 1-based, in the original file; 0 when unknown
	Msg          string
}

func (e *SyntaxError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%d:%d: %s", e.Line, e.Column, e.Msg)
	}
	return e.Msg
}

// Program is a parsed file.
type Program struct {
	AST  *ast.Program
	Name string
	// Orig is the original file content; Code is what goja parsed (Orig
	// with source-map comments blanked, or esbuild's output).
	Orig []byte
	Code string
	// Transformed is true when esbuild lowered the file first.
	Transformed bool

	wrap      int   // length of the CommonJS wrapper put before Orig in Code
	genLines  []int // line starts in Code
	origLines []int // line starts in Orig
	smap      [][]segment

	infoOnce sync.Once
	info     *Info
}

type segment struct{ genCol, origLine, origCol int } // 0-based; columns in UTF-16 units

var smURLRx = rxlit.MustRx(`//[#@]\s*source(?:Mapping)?URL=`) // behind its literal gate: most files have no marker

// blankSourceMaps blanks the "//# sourceMappingURL=" marker with spaces,
// keeping every offset where it was. Only the marker is blanked, not the
// rest of the line, so a marker quoted inside a string cannot break the
// string's syntax.
func blankSourceMaps(b []byte) []byte {
	locs := smURLRx.FindAllIndex(b, -1)
	if locs == nil {
		return b
	}
	out := append([]byte(nil), b...)
	for _, l := range locs {
		for i := l[0] + 2; i < l[1]; i++ { // keep "//": it stays a comment
			out[i] = ' '
		}
	}
	return out
}

// directiveRx matches an Adobe ExtendScript preprocessor line
// (#target illustrator, #include "lib.jsx", #targetengine session): not
// JavaScript, and what follows it is.
var directiveRx = rxlit.MustRx(`(?m)^#(?:target|targetengine|include|includepath|script|strict|engine)\b[^\n]*`)

// blankDirectives turns ExtendScript preprocessor lines into comments of
// equal length, keeping every offset.
func blankDirectives(b []byte) []byte {
	locs := directiveRx.FindAllIndex(b, -1)
	if locs == nil {
		return b
	}
	out := append([]byte(nil), b...)
	for _, l := range locs {
		out[l[0]] = '/'
		if l[1]-l[0] >= 2 {
			out[l[0]+1] = '/'
		} else {
			out[l[0]] = ' '
		}
	}
	return out
}

// blankHashbang turns a leading "#!" line into a comment of equal length.
func blankHashbang(b []byte) []byte {
	if len(b) >= 2 && b[0] == '#' && b[1] == '!' {
		out := append([]byte(nil), b...)
		out[0], out[1] = '/', '/'
		return out
	}
	return b
}

// Parse parses name's content with DefaultLimits.
func Parse(name string, src []byte) (*Program, error) { return ParseLimits(name, src, DefaultLimits) }

// ParseLimits parses name's content. The extension of name chooses the
// path: .ts .tsx .mts .cts .jsx .mjs go through esbuild; anything else is
// tried with goja first.
func ParseLimits(name string, src []byte, lim Limits) (prog *Program, err error) {
	if lim.MaxSize > 0 && len(src) > lim.MaxSize {
		return nil, &LimitError{fmt.Sprintf("file is %d bytes, over the %d-byte limit for JavaScript analysis", len(src), lim.MaxSize)}
	}
	if d, line := NestingDepth(src); lim.MaxDepth > 0 && d > lim.MaxDepth {
		return nil, &LimitError{fmt.Sprintf("nesting depth exceeds %d at line %d", lim.MaxDepth, line)}
	}
	defer func() {
		if r := recover(); r != nil {
			prog, err = nil, &SyntaxError{Msg: fmt.Sprintf("parser failure: %v", r)}
		}
	}()
	clean := blankDirectives(blankHashbang(blankSourceMaps(src)))
	ext := strings.ToLower(path.Ext(name))
	if ext == "" && shebangTS(src) {
		ext = ".ts" // #!/usr/bin/env tsx, ts-node, deno: TypeScript scripts
	}
	p := &Program{Name: name, Orig: src, origLines: lineStarts(src)}
	switch ext {
	case ".ts", ".tsx", ".mts", ".cts", ".jsx", ".mjs":
	default:
		a, err := gojaParse(name, string(clean))
		if err != nil && illegalReturn(err) {
			// CommonJS allows a top-level return: Node wraps modules in a
			// function, and so do we (on the first line, offsets shift)
			code := cjsHead + string(clean) + cjsTail
			if a2, err2 := gojaParse(name, code); err2 == nil {
				p.AST, p.Code, p.wrap = a2, code, len(cjsHead)
				return p, nil
			}
		}
		if err == nil {
			p.AST, p.Code = a, string(clean)
			return p, nil
		}
		// ES module syntax, JSX or something goja lacks: esbuild's error,
		// with its original line, is the one to report if this fails too
	}
	if err := p.transform(name, ext, string(clean)); err != nil {
		return nil, err
	}
	return p, nil
}

// The CommonJS module wrapper, without parameters so that require,
// module and exports stay globals for the resolver.
const (
	cjsHead = "(function(){"
	cjsTail = "\n})();\n"
)

func illegalReturn(err error) bool { return strings.Contains(err.Error(), "Illegal return") }

func gojaParse(name, code string) (*ast.Program, error) {
	return parser.ParseFile(nil, name, code, parser.IgnoreRegExpErrors, parser.WithDisableSourceMaps)
}

var supported = map[string]bool{
	"dynamic-import": false, "for-await": false, "decorators": false, "using": false,
	"import-meta": false, "async-generator": false, "top-level-await": false,
	"class-static-blocks": false, "hashbang": false, "import-attributes": false,
	"import-assertions": false, "regexp-set-notation": false, "import-defer": false,
	"import-source": false,
}

// jsxLoader is the loader a file is tried with once more when its own
// loader refuses it and it holds a "<": the same language with JSX.
var jsxLoader = map[api.Loader]api.Loader{api.LoaderJS: api.LoaderJSX, api.LoaderTS: api.LoaderTSX}

func loaderFor(ext string) api.Loader {
	switch ext {
	case ".ts", ".mts", ".cts":
		return api.LoaderTS
	case ".tsx":
		return api.LoaderTSX
	case ".jsx":
		return api.LoaderJSX
	}
	return api.LoaderJS
}

func (p *Program) transform(name, ext, code string) error {
	opts := api.TransformOptions{
		Loader:         loaderFor(ext),
		Format:         api.FormatCommonJS,
		Target:         api.ESNext,
		Supported:      supported,
		Sourcemap:      api.SourceMapExternal,
		SourcesContent: api.SourcesContentExclude, // the map only carries mappings
		LegalComments:  api.LegalCommentsNone,
		Sourcefile:     path.Base(name),
		LogLevel:       api.LogLevelSilent,
		Platform:       api.PlatformNode,
	}
	res := api.Transform(code, opts)
	if withJSX, ok := jsxLoader[opts.Loader]; ok && len(res.Errors) > 0 && strings.Contains(code, "<") {
		// React code in .js files is JSX, and in .ts files TSX (a component
		// file named .ts, which esbuild refuses as TypeScript)
		jsx := opts
		jsx.Loader = withJSX
		if r := api.Transform(code, jsx); len(r.Errors) == 0 || isTLAError(r.Errors) {
			res, opts = r, jsx
		}
	}
	prefix := 0
	if len(res.Errors) > 0 && isTLAError(res.Errors) {
		// CommonJS cannot hold top-level await: keep ES module syntax,
		// rewrite the import/export lines esbuild prints and wrap the whole
		// in an async function on the same first line.
		opts.Format = api.FormatESModule
		sup := map[string]bool{}
		for k, v := range supported {
			sup[k] = v
		}
		sup["top-level-await"] = true
		opts.Supported = sup
		res = api.Transform(code, opts)
		if len(res.Errors) == 0 {
			const head = "(async function(){"
			res.Code = []byte(head + rewriteModuleLines(string(res.Code)) + "\n})();\n")
			prefix = len(head)
		}
	}
	origShift := 0
	if len(res.Errors) > 0 && isModuleReturnError(res.Errors) {
		// A workflow script run by a harness as an async function body:
		// export declarations, top-level await and a top-level return.
		// Drop the export keywords (same length) and wrap it the same way.
		if body, ok := blankExports(code); ok {
			const head = "(async function(){"
			cjs := opts
			cjs.Format = api.FormatCommonJS
			if r := api.Transform(head+body+"\n})();\n", cjs); len(r.Errors) == 0 {
				res, origShift = r, len(head)
			}
		}
	}
	if len(res.Errors) > 0 {
		// Two shapes of valid-looking source that esbuild refuses: a
		// template with {{placeholders}} (a config the skill fills in)
		// and a file of examples that exports the same name twice. Each
		// is rewritten in place, at the same length, and tried once more.
		if fixed, ok := recoverable(code, res.Errors); ok {
			if r := api.Transform(fixed, opts); len(r.Errors) == 0 {
				res = r
			}
		}
	}
	if len(res.Errors) > 0 {
		// a script written as a Go template (a Hugo asset): with the
		// actions masked, what remains must parse (its errors, if any,
		// are the script's own)
		if spans, ok := goActions(code); ok {
			code = maskGoActions(code, spans)
			res = api.Transform(code, opts)
		}
	}
	if len(res.Errors) > 0 && allRedeclarations(res.Errors) {
		// a file of examples, each declaring the names it needs
		if p.transformSnippets(name, opts, code) {
			return nil
		}
	}
	if len(res.Errors) > 0 {
		m := res.Errors[0]
		se := &SyntaxError{Msg: m.Text}
		if m.Location != nil {
			se.Line, se.Column = m.Location.Line, m.Location.Column+1
		}
		return se
	}
	out := string(blankSourceMaps(res.Code))
	a, err := gojaParse(name, out)
	if err != nil && prefix == 0 && illegalReturn(err) {
		out = cjsHead + out + cjsTail
		prefix = len(cjsHead)
		a, err = gojaParse(name, out)
	}
	if err != nil {
		return &SyntaxError{Msg: "transformed code not accepted: " + firstLine(err.Error())}
	}
	smap, err := decodeMappings(res.Map)
	if err != nil {
		return &SyntaxError{Msg: "bad source map from esbuild: " + err.Error()}
	}
	if prefix > 0 && len(smap) > 0 {
		for i := range smap[0] {
			smap[0][i].genCol += prefix
		}
	}
	if origShift > 0 {
		// the wrapper sat before the file's first line
		for _, line := range smap {
			for i := range line {
				if line[i].origLine == 0 {
					line[i].origCol = max(0, line[i].origCol-origShift)
				}
			}
		}
	}
	p.AST, p.Code, p.Transformed = a, out, true
	p.genLines, p.smap = lineStarts([]byte(out)), smap
	return nil
}

// placeholderRx matches a template placeholder: {{PORT}}, {{ name }},
// {{ user.name }}, {{ name | upper }}: a name, not an object literal in
// braces (JSX's style={{ width: 280 }}).
var placeholderRx = regexp.MustCompile(`\{\{\s*[A-Za-z_$][\w$.\-]{0,79}(?:\s*\|[^{}\n]{0,60})?\s*\}\}`)

// placeholders returns the spans of the template placeholders of code,
// leaving out a JSX attribute's object in braces (style={{width}}): the
// braces right after "=" are code.
func placeholders(code string) [][]int {
	var out [][]int
	for _, m := range placeholderRx.FindAllStringIndex(code, -1) {
		if m[0] > 0 && code[m[0]-1] == '=' {
			continue
		}
		out = append(out, m)
	}
	return out
}

// recoverable rewrites code, keeping every offset, when esbuild's errors
// are only those of a template or of duplicate exports: each {{…}} becomes
// an identifier of underscores, and each later export of a name already
// exported loses its export (export default → void, export { … } →
// blanks). It reports whether anything was rewritten.
func recoverable(code string, errs []api.Message) (string, bool) {
	b := []byte(code)
	spans := placeholders(code)
	var starts []int // line starts, when an error needs them
	changed := false
	for _, m := range errs {
		switch {
		case strings.HasPrefix(m.Text, "Multiple exports with the same name") && m.Location != nil:
			if starts == nil {
				starts = lineStarts(b)
			}
			if m.Location.Line < 1 || m.Location.Line > len(starts) {
				return "", false
			}
			at := starts[m.Location.Line-1] + m.Location.Column
			if at < 0 || at > len(b) {
				return "", false
			}
			k := strings.LastIndex(string(b[:at]), "export")
			if k < 0 {
				return "", false
			}
			rest := strings.TrimLeft(string(b[k+6:]), " \t")
			switch {
			case strings.HasPrefix(rest, "default"):
				d := k + 6 + strings.Index(string(b[k+6:]), "default") + len("default")
				copy(b[k:d], "void"+strings.Repeat(" ", d-k-4))
			case strings.HasPrefix(rest, "{"):
				e := strings.IndexByte(string(b[k:]), '}')
				if e < 0 {
					return "", false
				}
				for i := k; i <= k+e; i++ {
					if b[i] != '\n' {
						b[i] = ' '
					}
				}
			default:
				copy(b[k:k+6], "      ")
			}
			changed = true
		case len(spans) > 0:
			changed = true
		default:
			return "", false
		}
	}
	for _, m := range spans {
		for i := m[0]; i < m[1]; i++ {
			b[i] = '_'
		}
	}
	return string(b), changed
}

func isModuleReturnError(ms []api.Message) bool {
	for _, m := range ms {
		if strings.Contains(m.Text, "Top-level return cannot be used inside an ECMAScript module") {
			return true
		}
	}
	return false
}

// importLineRx matches an import statement at the start of a line.
var importLineRx = regexp.MustCompile(`(?m)^\s*import\s`)

// exportKeywordRx matches the export keyword of a declaration at the
// start of a line.
var exportKeywordRx = regexp.MustCompile(`(?m)^export\s+(?:default\s+)?(?:(?:async\s+)?function\b|class\b|const\b|let\b|var\b|\{|\()`)

// blankExports blanks the export keywords of declarations (keeping every
// offset), for a script whose body a harness runs as a function. It fails
// when the file imports: an import cannot sit in a function.
func blankExports(code string) (string, bool) {
	if importLineRx.MatchString(code) {
		return "", false
	}
	b := []byte(code)
	for _, l := range exportKeywordRx.FindAllIndex(b, -1) {
		i := l[0]
		for _, kw := range []string{"export", "default"} {
			for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
				i++
			}
			if strings.HasPrefix(string(b[i:min(len(b), i+len(kw))]), kw) {
				for k := i; k < i+len(kw); k++ {
					b[k] = ' '
				}
				i += len(kw)
			}
		}
	}
	return string(b), true
}

func isTLAError(ms []api.Message) bool {
	for _, m := range ms {
		if strings.Contains(m.Text, "op-level await") {
			return true
		}
	}
	return false
}

var (
	importRx        = regexp.MustCompile(`^import\s+(.*?)\s*from\s*("[^"]*");\s*$`)
	importBareRx    = regexp.MustCompile(`^import\s*("[^"]*");\s*$`)
	exportListRx    = regexp.MustCompile(`^export\s*\{[^}]*\}(\s*from\s*"[^"]*")?;\s*$`)
	exportStarRx    = regexp.MustCompile(`^export\s*\*.*from\s*("[^"]*");\s*$`)
	exportDefaultRx = regexp.MustCompile(`^export\s+default\s+`)
	exportDeclRx    = regexp.MustCompile(`^export\s+(?:async\s+)?(?:const|let|var|function|class)\b`)
	asRx            = regexp.MustCompile(`\bas\b`)
)

// rewriteModuleLines converts esbuild's canonical ESM import/export lines
// into CommonJS shapes, one line for one line.
func rewriteModuleLines(code string) string {
	lines := strings.Split(code, "\n")
	inside := linesInLiteral(code)
	for i := 0; i < len(lines); i++ {
		if i < len(inside) && inside[i] {
			continue // text of a template literal (generated code), not a statement
		}
		l := lines[i]
		if (strings.HasPrefix(l, "import {") || strings.HasPrefix(l, "export {") || strings.HasPrefix(l, "import * as")) && !strings.HasSuffix(l, ";") {
			// a statement esbuild printed over several lines: join it
			// onto the first line and leave the others empty
			for j := i + 1; j < len(lines) && !strings.HasSuffix(strings.TrimSpace(l), ";"); j++ {
				l += " " + strings.TrimSpace(lines[j])
				lines[j] = ""
			}
		}
		switch {
		case importBareRx.MatchString(l):
			lines[i] = importBareRx.ReplaceAllString(l, "require($1);")
		case importRx.MatchString(l):
			m := importRx.FindStringSubmatch(l)
			lines[i] = importBinding(m[1], m[2])
		case exportListRx.MatchString(l):
			lines[i] = ";"
		case exportStarRx.MatchString(l):
			lines[i] = exportStarRx.ReplaceAllString(l, "require($1);")
		case exportDefaultRx.MatchString(l):
			lines[i] = exportDefaultRx.ReplaceAllString(l, "module.exports.default = ")
		case exportDeclRx.MatchString(l):
			lines[i] = strings.TrimPrefix(l, "export ")
		}
	}
	return strings.Join(lines, "\n")
}

// linesInLiteral reports, for each line of esbuild's output, whether the
// line starts inside a template literal, a string or a block comment: a
// code generator's `import { x } from "y"` line there is text. It lexes
// just enough of JavaScript for esbuild's printed code: strings, template
// literals with ${} nesting, comments and regular expression literals
// (a slash where an operand is expected).
func linesInLiteral(code string) []bool {
	var out []bool
	const (
		code_ = iota
		dq
		sq
		tmpl
		block
		line
		regex
	)
	state := code_
	var braces []int // template nesting: brace depth at each ${
	depth := 0
	inClass := false
	prev := byte('\n') // last significant byte outside literals
	out = append(out, false)
	for i := 0; i < len(code); i++ {
		c := code[i]
		if c == '\n' {
			if state == line {
				state = code_
			}
			out = append(out, state != code_)
			continue
		}
		switch state {
		case code_:
			switch c {
			case '"':
				state = dq
			case '\'':
				state = sq
			case '`':
				state = tmpl
			case '/':
				if i+1 < len(code) && code[i+1] == '/' {
					state = line
				} else if i+1 < len(code) && code[i+1] == '*' {
					state = block
					i++
				} else if strings.IndexByte("(,=:[!&|?{};+-*%<>~^\n", prev) >= 0 || regexKeywordBefore(code, i) {
					state, inClass = regex, false
				} else {
					prev = c
				}
			case '{':
				depth++
				prev = c
			case '}':
				if n := len(braces); n > 0 && braces[n-1] == depth {
					braces = braces[:n-1]
					depth--
					state = tmpl
					continue
				}
				depth--
				prev = c
			case ' ', '\t', '\r':
			default:
				prev = c
			}
		case dq, sq:
			if c == '\\' {
				i++
			} else if c == '"' && state == dq || c == '\'' && state == sq {
				state, prev = code_, 'a'
			}
		case tmpl:
			if c == '\\' {
				i++
			} else if c == '`' {
				state, prev = code_, 'a'
			} else if c == '$' && i+1 < len(code) && code[i+1] == '{' {
				i++
				depth++
				braces = append(braces, depth)
				state, prev = code_, '{'
			}
		case block:
			if c == '*' && i+1 < len(code) && code[i+1] == '/' {
				state = code_
				i++
			}
		case regex:
			switch {
			case c == '\\':
				i++
			case c == '[':
				inClass = true
			case c == ']':
				inClass = false
			case c == '/' && !inClass:
				state, prev = code_, 'a'
			}
		}
	}
	return out
}

// regexKeywordBefore reports a keyword before the slash at i after which
// an operand, so a regular expression, comes (return /x/, typeof /x/).
func regexKeywordBefore(code string, i int) bool {
	j := i
	for j > 0 && (code[j-1] == ' ' || code[j-1] == '\t') {
		j--
	}
	k := j
	for k > 0 && (code[k-1] >= 'a' && code[k-1] <= 'z') {
		k--
	}
	switch code[k:j] {
	case "return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void", "throw", "instanceof", "yield", "await":
		return k == 0 || !isIdentByte(code[k-1])
	}
	return false
}

func isIdentByte(c byte) bool {
	return c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func importBinding(spec, mod string) string {
	req := "require(" + mod + ")"
	spec = strings.TrimSpace(spec)
	var parts []string
	if strings.HasPrefix(spec, "* as ") {
		return "const " + strings.TrimSpace(spec[5:]) + " = " + req + ";"
	}
	if i := strings.Index(spec, "{"); i >= 0 {
		def := strings.TrimSuffix(strings.TrimSpace(spec[:i]), ",")
		named := strings.TrimSpace(spec[i:])
		named = asRx.ReplaceAllString(named, ":")
		if def != "" {
			parts = append(parts, "const "+strings.TrimSpace(def)+" = "+req+";")
		}
		parts = append(parts, "const "+named+" = "+req+";")
	} else if strings.Contains(spec, ",") {
		a, b, _ := strings.Cut(spec, ",")
		parts = append(parts, "const "+strings.TrimSpace(a)+" = "+req+";", "const "+strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(b), "* as "))+" = "+req+";")
	} else {
		parts = append(parts, "const "+spec+" = "+req+";")
	}
	return strings.Join(parts, " ")
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

func lineStarts(b []byte) []int {
	ls := []int{0}
	for i, c := range b {
		if c == '\n' {
			ls = append(ls, i+1)
		}
	}
	return ls
}

func lineOf(starts []int, off int) int {
	lo, hi := 0, len(starts)-1
	for lo < hi {
		m := (lo + hi + 1) / 2
		if starts[m] <= off {
			lo = m
		} else {
			hi = m - 1
		}
	}
	return lo
}

// Offset maps a goja index to a byte offset in the original file. ok is
// false for positions in code esbuild generated (its helper prelude).
func (p *Program) Offset(idx file.Idx) (off int, ok bool) {
	g := int(idx) - 1
	if g < 0 {
		return 0, false
	}
	if !p.Transformed {
		g -= p.wrap
		if g < 0 {
			return 0, false
		}
		if g > len(p.Orig) {
			g = len(p.Orig)
		}
		return g, true
	}
	if g > len(p.Code) {
		g = len(p.Code)
	}
	line := lineOf(p.genLines, g)
	if line >= len(p.smap) || len(p.smap[line]) == 0 {
		return 0, false
	}
	col := utf16Len(p.Code[p.genLines[line]:g])
	segs := p.smap[line]
	k := -1
	for i, s := range segs {
		if s.genCol <= col {
			k = i
		} else {
			break
		}
	}
	if k < 0 {
		k = 0 // before the first mapping on a mapped line: use it
	}
	s := segs[k]
	if s.origLine >= len(p.origLines) {
		return 0, false
	}
	start := p.origLines[s.origLine]
	end := len(p.Orig)
	if s.origLine+1 < len(p.origLines) {
		end = p.origLines[s.origLine+1]
	}
	return start + utf16ToByte(p.Orig[start:end], s.origCol), true
}

// Range maps a node to original byte offsets. Nodes without a position
// (an empty program, an empty case clause) map nowhere.
func (p *Program) Range(n ast.Node) (start, end int, ok bool) {
	i0, i1, ok := nodeIdx(n)
	if !ok {
		return 0, 0, false
	}
	start, ok = p.Offset(i0)
	if !ok {
		return 0, 0, false
	}
	end, eok := p.Offset(i1)
	if !eok || end < start {
		end = start
	}
	return start, end, true
}

func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
		if r == utf8.RuneError {
			n = n - utf16.RuneLen(r) + 1
		}
	}
	return n
}

func utf16ToByte(b []byte, col int) int {
	i, n := 0, 0
	for i < len(b) && n < col {
		r, sz := utf8.DecodeRune(b[i:])
		u := utf16.RuneLen(r)
		if u < 1 {
			u = 1
		}
		n += u
		i += sz
	}
	return i
}

// decodeMappings decodes the "mappings" field of a version 3 source map.
func decodeMappings(m []byte) ([][]segment, error) {
	s := unsafe.String(unsafe.SliceData(m), len(m)) // read only; nothing of it is kept
	i := strings.Index(s, `"mappings"`)
	if i < 0 {
		return nil, errors.New("no mappings")
	}
	s = s[i+len(`"mappings"`):]
	q := strings.IndexByte(s, '"')
	if q < 0 {
		return nil, errors.New("bad mappings")
	}
	s = s[q+1:]
	e := strings.IndexByte(s, '"')
	if e < 0 {
		return nil, errors.New("bad mappings")
	}
	s = s[:e]
	// one array holds every line's segments (a line has at most one more
	// segment than it has commas): a slice grown per line was most of
	// what the map cost
	lines := strings.Count(s, ";")
	all := make([]segment, 0, lines+strings.Count(s, ",")+1)
	out := make([][]segment, 0, lines+1)
	first := 0 // the current line's first segment in all
	line := func() []segment {
		if len(all) == first {
			return nil
		}
		return all[first:len(all):len(all)]
	}
	var src, oline, ocol int
	gcol := 0
	for len(s) > 0 {
		switch s[0] {
		case ';':
			out = append(out, line())
			first, gcol = len(all), 0
			s = s[1:]
			continue
		case ',':
			s = s[1:]
			continue
		}
		var f [5]int
		n := 0
		for len(s) > 0 && s[0] != ',' && s[0] != ';' {
			v, rest, err := vlq(s)
			if err != nil {
				return nil, err
			}
			if n < 5 {
				f[n] = v
			}
			n++
			s = rest
		}
		gcol += f[0]
		if n >= 4 {
			src += f[1]
			oline += f[2]
			ocol += f[3]
			if src == 0 {
				if k := len(all); k == first+1 && k >= 2 && all[k-1].genCol == 0 && gcol > 0 &&
					all[k-1].origLine == all[k-2].origLine && all[k-1].origCol == all[k-2].origCol {
					// esbuild starts a line whose first mapping is not at
					// column 0 with a copy of the previous mapping (its
					// "cover lines without mappings"): the text before the
					// line's first own mapping (indentation, the "(0, " of
					// a call to an imported function) then maps to the
					// previous statement, a line too high. Drop the copy:
					// that text maps to the line's first own mapping.
					all = all[:k-1]
				}
				all = append(all, segment{gcol, oline, ocol})
			}
		}
	}
	out = append(out, line())
	return out, nil
}

const b64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

// b64digit maps a base64 character to its value, and others to -1.
var b64digit = func() (t [256]int8) {
	for i := range t {
		t[i] = -1
	}
	for i := 0; i < len(b64); i++ {
		t[b64[i]] = int8(i)
	}
	return t
}()

func vlq(s string) (int, string, error) {
	v, shift := 0, 0
	for i := 0; i < len(s); i++ {
		d := int(b64digit[s[i]])
		if d < 0 {
			return 0, "", errors.New("bad VLQ digit")
		}
		v |= (d & 31) << shift
		shift += 5
		if d&32 == 0 {
			if v&1 != 0 {
				return -(v >> 1), s[i+1:], nil
			}
			return v >> 1, s[i+1:], nil
		}
		if shift > 60 {
			return 0, "", errors.New("VLQ overflow")
		}
	}
	return 0, "", errors.New("truncated VLQ")
}

// NestingDepth returns the deepest nesting of (), [], {} and template
// substitutions outside strings, comments and (approximately) regular
// expression literals, with the 1-based line where it was reached.
func NestingDepth(b []byte) (max, line int) {
	tmpls := 0       // open template literals
	var braces []int // depth at each open ${ substitution
	depth, ln := 0, 1
	prev := byte(0) // last significant code byte
	inTmpl := false
	for i := 0; i < len(b); i++ {
		c := b[i]
		if c == '\n' {
			ln++
		}
		if inTmpl {
			switch c {
			case '\\':
				i++
				if i < len(b) && b[i] == '\n' {
					ln++
				}
			case '`':
				inTmpl = false
				tmpls--
				prev = '`'
			case '$':
				if i+1 < len(b) && b[i+1] == '{' {
					i++
					inTmpl = false
					braces = append(braces, depth)
					depth++
					if depth > max {
						max, line = depth, ln
					}
					prev = '{'
				}
			}
			continue
		}
		switch c {
		case ' ', '\t', '\r', '\n':
			continue
		case '"', '\'':
			for i++; i < len(b) && b[i] != c && b[i] != '\n'; i++ {
				if b[i] == '\\' {
					i++
				}
			}
			prev = 'a'
			continue
		case '`':
			tmpls++
			inTmpl = true
			continue
		case '/':
			if i+1 < len(b) && b[i+1] == '/' {
				for i < len(b) && b[i] != '\n' {
					i++
				}
				i--
				continue
			}
			if i+1 < len(b) && b[i+1] == '*' {
				for i += 2; i+1 < len(b) && !(b[i] == '*' && b[i+1] == '/'); i++ {
					if b[i] == '\n' {
						ln++
					}
				}
				i++
				continue
			}
			if strings.IndexByte("(,=:[!&|?{};+-*%<>~^", prev) >= 0 || prev == 0 {
				inClass := false
				for i++; i < len(b) && b[i] != '\n'; i++ {
					if b[i] == '\\' {
						i++
					} else if b[i] == '[' {
						inClass = true
					} else if b[i] == ']' {
						inClass = false
					} else if b[i] == '/' && !inClass {
						break
					}
				}
				prev = 'a'
				continue
			}
		case '(', '[', '{':
			depth++
			if depth > max {
				max, line = depth, ln
			}
		case ')', ']':
			if depth > 0 {
				depth--
			}
		case '}':
			if len(braces) > 0 && braces[len(braces)-1] == depth-1 && tmpls > 0 {
				braces = braces[:len(braces)-1]
				depth--
				inTmpl = true
				continue
			}
			if depth > 0 {
				depth--
			}
		}
		prev = c
	}
	return max, line
}

// nodeIdx returns a node's goja indexes; some goja nodes index into empty
// lists to find them and panic.
func nodeIdx(n ast.Node) (i0, i1 file.Idx, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return n.Idx0(), n.Idx1(), true
}

// Src is the parsed source text of n (esbuild's output for lowered files).
func (p *Program) Src(n ast.Node) string {
	i0, i1, ok := nodeIdx(n)
	a, b := int(i0)-1, int(i1)-1
	if !ok || a < 0 || b > len(p.Code) || a > b {
		return ""
	}
	return p.Code[a:b]
}

func shebangTS(b []byte) bool {
	if len(b) < 2 || b[0] != '#' || b[1] != '!' {
		return false
	}
	line := string(b[:min(len(b), 200)])
	if i := strings.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	return strings.Contains(line, "tsx") || strings.Contains(line, "ts-node") || strings.Contains(line, "deno")
}
