package js

import (
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

// maxSnippets bounds the parts a file of examples is split into.
const maxSnippets = 64

// isRedeclaration reports an esbuild error that only says a name is
// declared, or exported, a second time: valid syntax that a module may not
// hold, and the mark of a file of examples written one after another
// (import { x } in each, export async function GET in each).
func isRedeclaration(m api.Message) bool {
	if m.Location == nil {
		return false
	}
	return strings.HasPrefix(m.Text, "Multiple exports with the same name ") ||
		strings.HasPrefix(m.Text, `The symbol "`) && strings.HasSuffix(m.Text, `" has already been declared`)
}

// snippetStart returns the line (0-based) at or before line l, after line
// from, that starts a top-level statement: its first byte, at column 0,
// starts a name, a keyword or a decorator. -1 when there is none.
func snippetStart(code string, starts []int, l, from int) int {
	for c := min(l, len(starts)-1); c > from; c-- {
		if starts[c] >= len(code) {
			continue
		}
		switch ch := code[starts[c]]; {
		case ch >= 'a' && ch <= 'z', ch >= 'A' && ch <= 'Z', ch == '_', ch == '$', ch == '@':
			return c
		}
	}
	return -1
}

// transformSnippets handles a file of examples that esbuild refuses only
// because a later example declares or exports a name an earlier one
// already did. The file is cut, at the line starting the statement that
// redeclares, into parts that each parse on their own; each part is
// lowered with the lines before it left empty (line numbers and columns
// stay those of the file), and the parts are put one after another in one
// async function, imports rewritten to require() with their names, so
// every name still resolves by name across the file (the resolver merges
// several definitions of a name, as it does for let and const).
//
// Nothing is left out: every byte of the file is in exactly one part, and
// a cut can only fall between top-level statements, since the part before
// it must parse to its end (a cut inside a block, a string, a template
// literal or a comment leaves that part unterminated). Any other error, a
// part that does not parse, or more than maxSnippets parts fail the whole.
func (p *Program) transformSnippets(name string, opts api.TransformOptions, code string) bool {
	opts.Format = api.FormatESModule
	sup := make(map[string]bool, len(opts.Supported)+1)
	for k, v := range opts.Supported {
		sup[k] = v
	}
	sup["top-level-await"] = true
	opts.Supported = sup
	// keep every import, even one only a later part uses: the part that
	// uses it resolves the name through it
	opts.TsconfigRaw = `{"compilerOptions":{"verbatimModuleSyntax":true}}`
	starts := lineStarts([]byte(code))
	part := func(from, to int) string {
		end := len(code)
		if to < len(starts) {
			end = starts[to]
		}
		return strings.Repeat("\n", from) + code[starts[from]:end]
	}
	var outs []api.TransformResult
	from := 0
	for {
		if len(outs) == maxSnippets {
			return false
		}
		r := api.Transform(part(from, len(starts)), opts)
		if len(r.Errors) == 0 {
			outs = append(outs, r)
			break
		}
		cut := -1
		for _, m := range r.Errors {
			if !isRedeclaration(m) {
				return false
			}
			c := snippetStart(code, starts, m.Location.Line-1, from)
			if c < 0 {
				return false
			}
			if cut < 0 || c < cut {
				cut = c
			}
		}
		r = api.Transform(part(from, cut), opts)
		if len(r.Errors) > 0 {
			return false
		}
		outs = append(outs, r)
		from = cut
	}
	const head = "(async function(){"
	var b strings.Builder
	b.WriteString(head)
	var smap [][]segment
	lines := 0
	for i, r := range outs {
		gen := rewriteModuleLines(string(r.Code))
		if !strings.HasSuffix(gen, "\n") {
			gen += "\n"
		}
		m, err := decodeMappings(r.Map)
		if err != nil {
			return false
		}
		if i == 0 && len(m) > 0 {
			for k := range m[0] {
				m[0][k].genCol += len(head)
			}
		}
		smap = smap[:min(len(smap), lines)]
		for len(smap) < lines {
			smap = append(smap, nil)
		}
		smap = append(smap, m...)
		b.WriteString(gen)
		lines += strings.Count(gen, "\n")
	}
	b.WriteString("})();\n")
	out := string(blankSourceMaps([]byte(b.String())))
	a, err := gojaParse(name, out)
	if err != nil {
		return false
	}
	p.AST, p.Code, p.Transformed = a, out, true
	p.genLines, p.smap = lineStarts([]byte(out)), smap
	return true
}

// allRedeclarations reports whether every error only says a name is
// declared or exported twice.
func allRedeclarations(ms []api.Message) bool {
	for _, m := range ms {
		if !isRedeclaration(m) {
			return false
		}
	}
	return len(ms) > 0
}
