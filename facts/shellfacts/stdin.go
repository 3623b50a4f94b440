package shellfacts

import (
	"github.com/skillvet/skillvet/facts/match"
	"strings"

	"github.com/skillvet/skillvet/parse/shell"
)

// stdinEvalRx: code given in an argument that runs what arrives on stdin
// (exec(sys.stdin.read()), eval "$(cat)", source /dev/stdin, …).
var stdinEvalRx = match.MustRx(`\b(?:exec|eval|compile|Function|runInThisContext|instance_eval)\s*\(\s*(?:sys\.stdin\b|open\(\s*(?:0|["\x27]/dev/stdin)|input\(\)|STDIN|\$stdin|(?:require\(["\x27]fs["\x27]\)|fs)\.readFileSync\(\s*(?:0|["\x27]/dev/stdin))|(?:source|\.)\s+/dev/(?:stdin|fd/0)|\beval\s+"?\$\(\s*cat\s*\)|\|\s*(?:ba)?sh\b`)

// codeFlags are the flags that give an interpreter its program as an
// argument, so that stdin is left to the program as data.
var codeFlags = map[string][]string{
	"python": {"-c", "-m"}, "pypy": {"-c", "-m"},
	"node": {"-e", "--eval", "-p", "--print"}, "nodejs": {"-e", "--eval", "-p", "--print"},
	"deno": {"eval", "run"}, "bun": {"-e", "--eval", "run"},
	"perl": {"-e", "-E"}, "ruby": {"-e"}, "php": {"-r"}, "lua": {"-e"},
	"sh": {"-c"}, "bash": {"-c"}, "zsh": {"-c"}, "dash": {"-c"}, "ksh": {"-c"}, "ash": {"-c"}, "mksh": {"-c"},
	"fish": {"-c", "--command"}, "csh": {"-c"}, "tcsh": {"-c"},
	"osascript": {"-e"}, "Rscript": {"-e"}, "tclsh": {},
	"powershell": {"-File", "-f"}, "pwsh": {"-File", "-f"},
}

// StdinIsCode reports whether the interpreter command c runs what it
// reads on stdin as code. "curl … | sh" and "| python3 -" do; "| python3
// -c 'import json,sys; print(json.load(sys.stdin))'", "| python3 -m
// json.tool" and "| bash script.sh" hand stdin to a program as data —
// unless the program given in the argument evaluates stdin itself.
func StdinIsCode(c *shell.Command) bool {
	name := c.Name
	for _, base := range []string{"python", "pypy"} {
		if strings.HasPrefix(name, base) {
			name = base // python3, python3.12, pypy3
		}
	}
	switch name {
	case "source", ".", "eval", "iex", "invoke-expression":
		return true
	}
	flags, known := codeFlags[name]
	if !known || c.Heuristic {
		// an interpreter we do not model, or words picked out of prose
		// whose ends are uncertain: assume the worst
		return true
	}
	params := c.Params()
	for i := 0; i < len(params); i++ {
		v := params[i].Value
		if v == "-" || v == "-s" || strings.EqualFold(v, "-Command") && i+1 < len(params) && params[i+1].Value == "-" {
			return true // explicitly reads the program from stdin
		}
		for _, f := range flags {
			if v == f || strings.HasPrefix(v, f) && len(f) == 2 && len(v) > 2 && !strings.HasPrefix(v, "--") {
				code := strings.TrimPrefix(v, f)
				if code == "" && i+1 < len(params) {
					code = params[i+1].Value
				}
				if f == "-m" || f == "run" || strings.EqualFold(f, "-File") || f == "-f" {
					return false // a module or file is the program
				}
				return stdinEvalRx.MatchString(code)
			}
		}
		if strings.HasPrefix(v, "-") {
			continue // another option
		}
		if name == "powershell" || name == "pwsh" {
			return true // a command given inline may read $input
		}
		if !strings.ContainsAny(v, "./") {
			return true // not recognisably a file: trailing words, assume the worst
		}
		return false // a script file is the program; stdin is its data
	}
	return true // no program given: the interpreter reads it from stdin
}
