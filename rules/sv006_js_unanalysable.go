package rules

import (
	"errors"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/parse/js"
)

// UnanalysableJS reports JavaScript and TypeScript files the scanner could
// not parse: every JS rule is blind to them.
var UnanalysableJS = register(&analyzer.Rule{
	ID:       "SV006",
	Name:     "unanalysable-js",
	Title:    "JavaScript/TypeScript file could not be analysed",
	Severity: High,
	Category: analyzer.CatObfuscation,
	Tags:     []string{"security", "scan-integrity", "CWE-693"},
	Inputs:   analyzer.InJS,
	Doc: `A JavaScript or TypeScript file could not be parsed, or exceeds the analysis
limits (size, or nesting depth of brackets, parentheses and braces — deep nesting
is a known way to crash parsers). The JS rules (process execution, dynamic code,
credential exfiltration, obfuscation) saw nothing of it, so the skill's verdict is
**block** whatever the threshold.

Files are parsed with goja's parser; TypeScript, JSX and ES modules are first
lowered by esbuild (a ` + "`.js`" + ` or ` + "`.ts`" + ` file its own grammar refuses is tried once more with
JSX, as React components are often saved under those names). Two shapes esbuild refuses are rewritten in place (every offset kept) and
tried once more: a template with ` + "`{{placeholders}}`" + ` (` + "`PORT: {{PORT}}`" + ` in a config the skill
fills in) and a file of examples that exports the same name twice. A file of examples written one
after another, where a later one declares or exports a name an earlier one already did (` + "`import { x }`" + `
or ` + "`export async function GET`" + ` in each), is cut before each such statement into parts that
each parse on their own, and the parts are analysed as one program (names still resolve across
them); every byte lands in a part, a cut can only fall between top-level statements, and any other
error fails the whole file. A script written as a Go template (a Hugo asset:
` + "`{{ $x := … }}`" + `, ` + "`{{ if … }}`" + `, ` + "`'{{ .RelPermalink }}'`" + `) is analysed with its actions masked, when the whole
file parses as a Go template and no action holds a string that reads like code (which
` + "`safeJS`" + ` would print into the script); what remains must parse. A file that none of these accepts is either broken or written to defeat
analysis.

**Fix:** ship syntactically valid source; split very large generated bundles; do not
ship code that only runs after a build step the skill does not describe.

Bad:

` + "```js" + `
const x = ((((((((((((((((((( /* thousands deep */
` + "```" + `

Good: ordinary, parseable source.`,
	Run: func(p *analyzer.Pass) error {
		_, err := p.JS()
		if err == nil {
			return nil
		}
		var le *js.LimitError
		var se *js.SyntaxError
		switch {
		case errors.As(err, &le):
			p.Report(analyzer.Diagnostic{Message: "not analysed: " + le.Reason, Evidence: "(file not analysed)", Unanalysed: true})
		case errors.As(err, &se):
			off := 0
			if se.Line > 0 {
				off = p.File.Offset(se.Line, se.Column)
			}
			p.Report(analyzer.Diagnostic{Start: off, Message: "cannot be parsed: " + se.Msg, Unanalysed: true})
		default:
			p.Report(analyzer.Diagnostic{Message: "cannot be parsed: " + err.Error(), Evidence: "(file not analysed)", Unanalysed: true})
		}
		return nil
	},
})
