package shellfacts

import (
	"github.com/skillvet/skillvet/facts/match"
	"strings"

	"github.com/skillvet/skillvet/parse/shell"
)

// stdinEvalRx: code given in an argument that runs what arrives on stdin
// (exec(sys.stdin.read()), eval "$(cat)", source /dev/stdin, …).
var stdinEvalRx = match.MustRx(`\b(?:exec|eval|compile|Function|runInThisContext|instance_eval)\s*\(\s*(?:sys\.stdin\b|open\(\s*(?:0|["\x27]/dev/stdin)|input\(\)|STDIN|\$stdin|(?:require\(["\x27]fs["\x27]\)|fs)\.readFileSync\(\s*(?:0|["\x27]/dev/stdin))|(?:source|\.)\s+/dev/(?:stdin|fd/0)|\beval\s+"?\$\(\s*cat\s*\)|\|\s*(?:ba)?sh\b`)

// StdinIsCode reports whether the interpreter command c runs what it
// reads on stdin as code. "curl … | sh" and "| python3 -" do; "| python3
// -c 'import json,sys; print(json.load(sys.stdin))'", "| python3 -m
// json.tool" and "| bash script.sh" hand stdin to a program as data —
// unless the program given in the argument evaluates stdin itself. Where
// the program is comes from InterpreterProgram.
func StdinIsCode(c *shell.Command) bool {
	switch c.Name {
	case "source", ".", "eval", "iex", "invoke-expression":
		return true
	}
	p, words, known := CommandProgram(c)
	if !known || c.Heuristic {
		// an interpreter we do not model, or words picked out of prose
		// whose ends are uncertain: assume the worst
		return true
	}
	switch p.Kind {
	case ProgramModule:
		return false // a module is the program
	case ProgramInline:
		if fam := InterpreterFamily(c.Name); fam == "powershell" || fam == "pwsh" {
			return true // a command given inline may read $input
		}
		return stdinEvalRx.MatchString(p.Text(words))
	case ProgramFile:
		if p.Flag == "" && !strings.ContainsAny(words[p.Index], "./") {
			return true // not recognisably a file: trailing words, assume the worst
		}
		return false // a script file is the program; stdin is its data
	}
	// no program given (or its word is missing): the interpreter reads it
	// from stdin
	return true
}
