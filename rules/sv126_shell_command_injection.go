package rules

import (
	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/match"
	"github.com/skillvet/skillvet/facts/shellfacts"
	"github.com/skillvet/skillvet/parse/shell"
	"strings"
)

// ShellCommandInjection reports untrusted input evaluated as shell code.
var ShellCommandInjection = register(&analyzer.Rule{
	ID:       "SV126",
	Name:     "shell-command-injection",
	Title:    "Untrusted input evaluated as shell code (eval, sh -c, source)",
	Severity: High,
	Category: analyzer.CatCommandInj,
	Tags:     []string{"security", "CWE-78", "CWE-95"},
	Inputs:   shellfacts.Inputs,
	Doc: `Finds shell that runs text built from untrusted input as code: ` + "`eval`" + `, ` + "`sh -c`" + ` /
` + "`bash -c`" + `, ` + "`source`" + ` or ` + "`.`" + ` with a word that expands script arguments (` + "`$1`" + `, ` + "`$@`" + `),
input ` + "`read`" + ` takes from the terminal, a plain copy of those (` + "`Q=\"$1\"`" + `; not inside functions,
where ` + "`$1`" + ` is the caller's argument), or a placeholder named like user input
(` + "`$USER_QUERY`" + `, ` + "`$INPUT`" + `, ` + "`$PROMPT`" + `, …). The agent fills these from whatever the user,
a web page or a document said, so a quote or ` + "`;`" + ` in that text runs arbitrary commands.

A wrapper whose ` + "`-c`" + ` string or ` + "`eval`" + ` word is nothing but its arguments (` + "`bash -c \"$*\"`" + `,
` + "`eval \"$@\"`" + `) is a command runner, like ` + "`env`" + ` or ` + "`sudo`" + `: its caller chooses the whole command and
nothing is spliced into a template; so is one variable named for a command that holds all of it
(` + "`bash -c \"$TEST_CMD\"`" + ` where ` + "`TEST_CMD=\"$2\"`" + `, ` + "`eval \"$PRE_HOOK\"`" + `, ` + "`eval \"$ON_CHANGE_ACTION\"`" + `), also when the script appends its own operands quoted for eval's parse
(` + "`eval \"$HOST_CMD \\\"$BRIEF_FILE\\\"\"`" + `). ` + "`source`" + ` or ` + "`.`" + ` of a
path the caller names (` + "`source \"$VENV/bin/activate\"`" + `) reads a file whole, with nothing of the input spliced
into code, like running a script the caller names. So is ` + "`eval`" + ` of a constant program whose input
words are each one double-quoted variable (` + "`eval find \"$ROOT\" -type f $SKIP`" + `, the eval there for
pruning expressions the script builds): the author passes the value as one argument, and eval's second parse
makes that a quoting bug (a quote or ` + "`$(`" + ` in the path breaks out), not a template the input is
spliced into. That is **medium** (high in hooks and dynamic context, which run on their own; high when the
input is unquoted, inside the eval string, or the operand of a shell, interpreter or runner such as ` + "`sudo`" + `).

**Fix:** pass input as a separate argument (` + "`grep -rnE -- \"$query\" \"$dir\"`" + `), never
through ` + "`eval`" + ` or a ` + "`-c`" + ` string; validate it against an allowlist first.

Bad:

` + "```sh" + `
QUERY="$1"
eval "grep -rnE $QUERY /var/log/app"
` + "```" + `

Good:

` + "```sh" + `
grep -rnE -- "$1" /var/log/app
` + "```",
	Run: shRunCommandInjection,
})

func shInjection(c *shell.Command) (shell.Word, string) {
	switch {
	case c.Name == "eval" || c.Name == "source" || c.Name == ".":
		for _, w := range c.Params() {
			if w.Tainted {
				return w, c.Name
			}
		}
	case shell.IsShell(c.Name) || c.Name == "su":
		for i := 1; i+1 < len(c.Argv); i++ {
			v := c.Argv[i].Value
			if len(v) > 1 && v[0] == '-' && v[1] != '-' && shContainsByte(v, 'c') {
				if w := c.Argv[i+1]; w.Tainted {
					return w, c.Name + " " + v
				}
				break
			}
		}
	}
	return shell.Word{}, ""
}

// shWholeArgsRx matches a word that is nothing but the script's arguments
// ("$*", "$@", "$1"): the whole program, not a value spliced into one.
var shWholeArgsRx = match.MustRx(`^"?\$(?:[*@1-9]|\{[*@1-9]\})"?$`)

func shContainsByte(s string, b byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == b {
			return true
		}
	}
	return false
}

// shWholeVarRx matches a word that is one variable and nothing else.
var shWholeVarRx = match.MustRx(`^"?\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?"?$`)

// shCommandNameRx matches a variable named for a whole command
// (TEST_CMD, run_command, EXEC, PRE_HOOK, ON_CHANGE_ACTION): what the
// caller gives the script to run.
var shCommandNameRx = match.MustRx(`(?i)(?:^|_)(?:cmd|command|commands|exec|run|hook|action|callback|handler)(?:_|$)`)

// shWholeCommandVar reports bash -c "$TEST_CMD": one variable named for a
// command, holding the whole command, nothing spliced around it.
func shWholeCommandVar(raw string) bool {
	m := shWholeVarRx.FindStringSubmatch(raw)
	if m == nil {
		// eval "$HOST_CMD \"$BRIEF_FILE\"": the command, then operands the
		// script quotes for eval's second parse
		m = shCommandQuotedArgsRx.FindStringSubmatch(raw)
	}
	return m != nil && shCommandNameRx.MatchString(m[1])
}

// shCommandQuotedArgsRx matches an eval word that is one variable followed
// by variables each quoted for eval's own parse (\"$FILE\").
var shCommandQuotedArgsRx = match.MustRx(`^"\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?(?:\s+\\"\$\{?[A-Za-z_][A-Za-z0-9_]*\}?\\")+"$`)

// shQuotedVarRx matches a word that is one double-quoted variable
// ("$ROOT", "${2}"): written as a single argument.
var shQuotedVarRx = match.MustRx(`^"\$\{?(?:[A-Za-z_][A-Za-z0-9_]*|[1-9])\}?"$`)

// shEvalRunners run the word after them (or join their words) as a
// command: an operand of theirs is a program, not a value.
var shEvalRunners = map[string]bool{"sudo": true, "doas": true, "env": true, "xargs": true, "ssh": true, "nohup": true,
	"exec": true, "command": true, "builtin": true, "time": true, "nice": true, "timeout": true, "watch": true,
	"su": true, "setsid": true, "stdbuf": true, "chroot": true, "runuser": true, "parallel": true, "trap": true}

// shEvalQuotedOperands reports eval find "$ROOT" -maxdepth "$2" $SKIP: a
// constant program that is not an interpreter or a runner, with every
// tainted word one double-quoted variable in operand position. The
// author meant each as one argument; eval's second parse re-reads it.
func shEvalQuotedOperands(c *shell.Command) bool {
	ps := c.Params()
	if len(ps) < 2 || !ps[0].Const || ps[0].Tainted {
		return false
	}
	prog := ps[0].Value
	if prog == "" || shellfacts.IsInterpreter(prog) || shell.IsShell(prog) || shEvalRunners[prog] {
		return false
	}
	for _, w := range ps[1:] {
		if w.Tainted && !shQuotedVarRx.MatchString(w.Raw) {
			return false
		}
	}
	return true
}

func shRunCommandInjection(p *analyzer.Pass) error {
	return shellfacts.ForEachCommand(p, func(site *analyzer.ShellSite, c *shell.Command) {
		w, how := shInjection(c)
		if how == "" {
			return
		}
		if (how == "source" || how == ".") && !w.Subst && !strings.HasPrefix(w.Raw, "<(") && !site.Kind.Executes() {
			// source "$VENV/bin/activate": a file the caller names, read
			// whole; nothing of the input is spliced into code
			shellfacts.Report(p, site, analyzer.Diagnostic{Start: c.Start, End: shellfacts.CmdEnd(c), Severity: Medium,
				Message: how + " runs the file its caller names (" + shellfacts.ClipText(w.Raw, 60) + "), like a script it is told to run" + shellfacts.Where(site)})
			return
		}
		if how == "eval" && !site.Kind.Executes() && shEvalQuotedOperands(c) {
			// eval find "$ROOT" $SKIP: the input is one quoted operand of a
			// constant program; eval's second parse makes the quoting a bug
			// (a quote or $( in the value breaks out), not a code template
			shellfacts.Report(p, site, analyzer.Diagnostic{Start: c.Start, End: shellfacts.CmdEnd(c), Severity: Medium,
				Message: "eval re-parses the quoted argument " + shellfacts.ClipText(w.Raw, 60) + " of " + c.Arg(1) + ": a quote or $( in the value runs as code; quote it for eval (printf %q) or build the command without eval" + shellfacts.Where(site)})
			return
		}
		if (shWholeArgsRx.MatchString(w.Raw) || shWholeCommandVar(w.Raw)) && !site.Kind.Executes() {
			// bash -c "$*": the script is a runner, like env or sudo; its
			// caller chooses the command and nothing is spliced into it
			shellfacts.Report(p, site, analyzer.Diagnostic{Start: c.Start, End: shellfacts.CmdEnd(c), Severity: Medium,
				Message: how + " runs its arguments as the command (" + shellfacts.ClipText(w.Raw, 60) + "): a command runner, whose caller chooses what runs" + shellfacts.Where(site)})
			return
		}
		shellfacts.Report(p, site, analyzer.Diagnostic{Start: c.Start, End: shellfacts.CmdEnd(c),
			Message: how + " runs code built from untrusted input (" + shellfacts.ClipText(w.Raw, 60) + ")" + shellfacts.Where(site)})
	})
}
