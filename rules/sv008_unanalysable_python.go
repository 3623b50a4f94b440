package rules

import (
	"errors"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/parse/python"
)

// UnanalysablePython reports Python files the tokenizer refuses.
var UnanalysablePython = register(&analyzer.Rule{
	ID:       "SV008",
	Name:     "unanalysable-python",
	Title:    "Python file cannot be analysed",
	Severity: High,
	Category: analyzer.CatObfuscation,
	Tags:     []string{"security", "scan-integrity", "python", "CWE-400"},
	Inputs:   analyzer.InPython,
	Doc: `A Python file (` + "`.py`" + `, or a file with a python shebang) is beyond what the
scanner analyses: brackets nested more than 1000 deep (including f-string
replacement fields), or a file larger than the tokenizer's limit. No real script
looks like this; deep nesting is how input is crafted to make parsers slow or crash,
and a scanner that gives up silently is a bypass.

Malformed code is not reported here: an unterminated string or a syntax error is
tokenised as well as it can be, and the other rules still run.

Because the scanner is blind to the file, the finding marks the skill as not
analysed and it is **blocked** whatever the threshold.

**Fix:** ship ordinary source code; generated tables belong in data files.

Bad:

` + "```python" + `
x = ((((((((((((((((  # … nested 5000 deep
` + "```" + `

Good:

` + "```python" + `
x = compute(load_table("table.json"))
` + "```",
	Run: func(p *analyzer.Pass) error {
		_, err := p.Python()
		if err == nil {
			return nil
		}
		var pe *python.Error
		if !errors.As(err, &pe) {
			return err
		}
		msg := "Python file cannot be tokenised: " + pe.Err.Error()
		switch {
		case errors.Is(err, python.ErrTooDeep):
			msg = "brackets nested deeper than the analysable limit; the file was not analysed"
		case errors.Is(err, python.ErrTooLarge):
			msg = "file larger than the Python tokenizer's limit; the file was not analysed"
		}
		p.Report(analyzer.Diagnostic{Start: pe.Offset, Message: msg, Unanalysed: true, Evidence: "(not analysed)"})
		return nil
	},
})
