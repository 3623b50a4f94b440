package rules

import (
	"github.com/skillvet/skillvet/facts/match"
	"path"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/shellfacts"
	"github.com/skillvet/skillvet/parse/shell"
	"github.com/skillvet/skillvet/skill"
)

// InterpreterCode finds the code that shell commands hand to an
// interpreter — `python3 -c "…"`, `python3 - <<'PY' … PY`, `node -e "…"`,
// a here-string — and gives it to the engine as embedded code.
var InterpreterCode = register(&analyzer.Rule{
	ID:       "SV051",
	Name:     "interpreter-code-in-commands",
	Title:    "Code passed to interpreters by shell commands is analysed as code",
	Severity: Info,
	Category: analyzer.CatObfuscation,
	Evidence: analyzer.EvIntegrity,
	Tags:     []string{"security", "scan-integrity"},
	Inputs:   analyzer.InShell | analyzer.InMarkdown | analyzer.InJSON | analyzer.InYAML,
	Doc: `A command line can carry a whole program: ` + "`python3 -c \"import os; …\"`" + `, a here-document
fed to ` + "`python3 -`" + `, ` + "`node -e \"…\"`" + `, ` + "`deno eval`" + `, ` + "`bun -e`" + `, a here-string (` + "`python3 <<< \"…\"`" + `).
The command rules see only the interpreter being started; this rule extracts the program and the
engine analyses it with every rule of its language (the Python rules, the JavaScript rules),
reporting in the file and at the line of the command. It reads commands wherever the command
rules find them: shell scripts, shell code blocks and ` + "`!`" + ` lines in Markdown, hook commands.

Interpreters are recognised after wrappers (` + "`sudo`, `env`, `uv run`, `poetry run`, `pipenv run`" + `) by
name (` + "`python`, `python3`, `python3.12`, `py`, `node`, `nodejs`, `deno`, `bun`" + `). It reports nothing itself.`,
	Extract: extractInterpreterCode,
})

var pyInterpRx = match.MustRx(`^(?:python(?:[23](?:\.\d+)?)?|py|pypy3?|ipython3?)(?:\.exe)?$`)

// interpreterLang returns the language an interpreter program runs.
func interpreterLang(name string) (skill.Kind, string) {
	n := strings.ToLower(path.Base(name))
	switch {
	case pyInterpRx.MatchString(n):
		return skill.KindPython, ".py"
	case n == "node" || n == "nodejs" || n == "node.exe" || n == "deno" || n == "bun":
		return skill.KindJS, ".js"
	}
	return skill.KindUnknown, ""
}

func extractInterpreterCode(p *analyzer.Pass) ([]*skill.File, error) {
	var out []*skill.File
	seen := map[int]bool{}
	shellfacts.EachParsedCommand(p, func(_ *analyzer.ShellSite, c *shell.Command) {
		// the interpreter, after run-wrappers such as "uv run"
		argv := c.Argv
		for len(argv) > 1 {
			n := strings.ToLower(path.Base(argv[0].Value))
			if (n == "uv" || n == "poetry" || n == "pipenv" || n == "pdm" || n == "hatch" || n == "rye") && argv[1].Value == "run" {
				// uv run --with x --python 3.12 python …: the runner's
				// options may take values; the interpreter is the first
				// word that names one
				rest := argv[2:]
				for len(rest) > 0 {
					if k, _ := interpreterLang(rest[0].Value); k != skill.KindUnknown {
						break
					}
					rest = rest[1:]
				}
				argv = rest
				continue
			}
			if n == "conda" || n == "mamba" || n == "micromamba" {
				argv = argv[1:]
				continue
			}
			break
		}
		if len(argv) == 0 {
			return
		}
		k, ext := interpreterLang(argv[0].Value)
		if k == skill.KindUnknown {
			return
		}
		if n := strings.ToLower(path.Base(argv[0].Value)); n == "deno" && len(argv) > 1 && argv[1].Value == "eval" {
			if len(argv) > 2 {
				if f := shellfacts.EmbedWord(p, argv[2], k, ext, "deno eval argument"); f != nil && !seen[argv[2].Start] {
					seen[argv[2].Start] = true
					out = append(out, f)
				}
			}
			return
		}
		for j := 1; j < len(argv); j++ {
			a := argv[j].Value
			isCodeFlag := k == skill.KindPython && (a == "-c" || strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") && strings.HasSuffix(a, "c") && len(a) <= 4) ||
				k == skill.KindJS && (a == "-e" || a == "--eval" || a == "-p" || a == "--print")
			if isCodeFlag && j+1 < len(argv) {
				w := argv[j+1]
				if f := shellfacts.EmbedWord(p, w, k, ext, path.Base(argv[0].Value)+" "+a+" argument"); f != nil && !seen[w.Start] {
					seen[w.Start] = true
					out = append(out, f)
				}
				break
			}
			if !strings.HasPrefix(a, "-") || a == "-" {
				break // a script file (or stdin): the program is elsewhere
			}
		}
		// stdin: a here-document or here-string read by the interpreter
		for _, r := range c.Redirs {
			var w *shell.Word
			switch {
			case (r.Op == "<<" || r.Op == "<<-") && r.Body != nil:
				w = r.Body
			case r.Op == "<<<":
				w = &r.Target
			}
			if w == nil || seen[w.Start] {
				continue
			}
			if f := shellfacts.EmbedWord(p, *w, k, ext, "here-document read by "+path.Base(argv[0].Value)); f != nil {
				seen[w.Start] = true
				out = append(out, f)
			}
		}
	})
	return out, nil
}
