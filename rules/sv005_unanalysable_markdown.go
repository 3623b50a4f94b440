package rules

import (
	"errors"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/parse/markdown"
)

// UnanalysableMarkdown reports Markdown the tokenizer refuses (over the size
// or nesting limits): rules that read Markdown are blind to it.
var UnanalysableMarkdown = register(&analyzer.Rule{
	ID:       "SV005",
	Name:     "unanalysable-markdown",
	Title:    "Markdown file cannot be analysed",
	Severity: High,
	Category: analyzer.CatObfuscation,
	Tags:     []string{"security", "scan-integrity", "CWE-1333"},
	Inputs:   analyzer.InMarkdown,
	Doc: `The Markdown tokenizer refused a file because it is larger than the parse limit
(8 MiB) or nests blockquotes more than 100 deep. Deeply nested containers make
Markdown parsers quadratic, which is a way to stall a scanner, and no real
instructions need that depth.

Instructions the scanner could not read can hold anything, so the skill is
**blocked** whatever the threshold.

**Fix:** split the document, or remove the nesting.`,
	Run: func(p *analyzer.Pass) error {
		if _, err := p.Markdown(); err != nil {
			off := 0
			var le *markdown.LimitError
			if errors.As(err, &le) {
				off = le.Offset
			}
			var pe *analyzer.ParseError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			p.Report(analyzer.Diagnostic{Start: off, Message: "Markdown not analysed: " + err.Error(), Evidence: "(not analysed)", Unanalysed: true})
		}
		return nil
	},
})
