package rules

import (
	"strings"

	"github.com/skillvet/skillvet/analyzer"
)

// TextEncoding reports text files that are not valid UTF-8.
var TextEncoding = register(&analyzer.Rule{
	ID:       "SV004",
	Name:     "text-encoding",
	Title:    "Text file is not valid UTF-8",
	Severity: Medium,
	Category: analyzer.CatObfuscation,
	Tags:     []string{"security", "scan-integrity", "CWE-838"},
	Inputs:   analyzer.InAnyText,
	Doc: `A text file (Markdown, script, configuration) is UTF-16 or contains bytes that are
not valid UTF-8. Agents and editors decode such files in different ways, so what a
reviewer sees can differ from what the agent reads, and naive scanners skip them.

skillvet converts UTF-16 files with a byte-order mark to UTF-8 and analyses them, and
analyses invalid UTF-8 byte for byte; this finding says the file needs a second look.

**Fix:** save the file as UTF-8.`,
	Run: func(p *analyzer.Pass) error {
		n := p.File.Note
		switch {
		case strings.HasPrefix(n, "UTF-16"):
			p.Report(analyzer.Diagnostic{Message: "file is UTF-16 encoded (converted to UTF-8 for analysis)"})
		case strings.HasPrefix(n, "invalid UTF-8"):
			off := 0
			if i := strings.LastIndexByte(n, ' '); i >= 0 {
				for _, c := range n[i+1:] {
					off = off*10 + int(c-'0')
				}
			}
			p.Report(analyzer.Diagnostic{Start: off, Message: n})
		}
		return nil
	},
})
