package rules

import (
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/pyfacts"
	"github.com/skillvet/skillvet/parse/python"
)

// PythonShellCommand reports Python code that hands a command string to a
// shell.
var PythonShellCommand = register(&analyzer.Rule{
	ID:       "SV150",
	Name:     "python-shell-command",
	Title:    "Python runs a shell command string",
	Severity: High,
	Category: analyzer.CatCommandInj,
	Tags:     []string{"security", "python", "CWE-78"},
	Inputs:   analyzer.InPython,
	Doc: `Python code passes a command **string** to a shell: ` + "`os.system`" + `, ` + "`os.popen`" + `,
` + "`subprocess.*(…, shell=True)`" + `, ` + "`subprocess.getoutput`" + `, ` + "`commands.getoutput`" + `,
` + "`asyncio.create_subprocess_shell`" + `, ` + "`[\"/bin/sh\", \"-c\", cmd]`" + ` argument lists, and
` + "`pty.spawn`" + ` of an interactive shell. Names are resolved through import aliases,
` + "`__import__`" + `, ` + "`importlib.import_module`" + ` and ` + "`getattr`" + ` with folded strings, so
` + "`getattr(__import__('o'+'s'), 'sys'+'tem')(cmd)`" + ` is seen as ` + "`os.system(cmd)`" + `.

- **high** when the command is built at run time (variables, f-strings, concatenation),
  in particular from user input, the environment or decoded data: shell metacharacters in
  any part of it run as commands (command injection);
- **high** for ` + "`pty.spawn`" + ` of a shell (an interactive shell is what reverse shells hand out);
- **medium** for a constant command string: it still goes through a shell the agent cannot
  review at call time.

Commands built from downloaded data are reported by SV154 (download and execute).
List-form calls whose *program* comes from user input, the environment or decoded data
(` + "`subprocess.run(sys.argv[1:])`" + `) are **high** as well. List-form calls with a constant program, ` + "`subprocess.run(['git', 'status'])`" + `, do not
use a shell and are not reported.

**Fix:** pass an argument list without ` + "`shell=True`" + `; never interpolate input into a
command string.

Bad:

` + "```python" + `
import subprocess as sp, sys
sp.run(f"convert {sys.argv[1]} out.png", shell=True)
` + "```" + `

Good:

` + "```python" + `
import subprocess, sys
subprocess.run(["convert", sys.argv[1], "out.png"], check=True)
` + "```",
	Run: runPythonShellCommand,
})

func runPythonShellCommand(p *analyzer.Pass) error {
	m := pyfacts.Module(p)
	if m == nil {
		return nil
	}
	for _, c := range m.Calls {
		start, end := m.Span(c)
		if c.Name == "pty.spawn" || c.Name == "os.forkpty" {
			arg, ok := c.Arg(0, "argv")
			if !ok {
				continue
			}
			prog, ok := m.Fold(arg.Start, arg.End)
			if !ok {
				if items, ok := pyfacts.ArgList(m, arg); ok && len(items) > 0 {
					prog, _ = m.Fold(items[0][0], items[0][1])
				}
			}
			if pyfacts.ShellNames[strings.ToLower(pyfacts.BaseName(prog))] {
				pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Message: "pty.spawn starts an interactive shell (" + prog + ")"})
			}
			continue
		}
		a, b, how, ok := pyfacts.ShellCommand(m, c)
		if !ok {
			pyProgramFromInput(p, m, c)
			continue
		}
		if cmd, ok := m.Fold(a, b); ok {
			if pyfacts.DownloadsAndRuns.MatchString(cmd) {
				continue // SV154
			}
			pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: Medium,
				Message: how + " runs a constant shell command: " + pyfacts.ClipStr(cmd, 80)})
			continue
		}
		if _, ok := pyfacts.FromNetwork(m, a, b); ok {
			continue // SV154
		}
		src, ref := pyfacts.SourceDesc(m, a, b)
		msg := how + " runs a shell command built at run time"
		if src != "" {
			msg = how + " runs a shell command built from " + src + " (" + ref.Name + ")"
		}
		pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Message: msg})
	}
	return nil
}

// pyProgramFromInput reports process calls without a shell whose program
// (not just an argument) comes from user input, the environment or
// decoded data: subprocess.run(sys.argv[1:]), os.execvp(cmd, ...).
func pyProgramFromInput(p *analyzer.Pass, m *python.Module, c *python.Call) {
	if !pyfacts.SubprocessCalls[c.Name] && !pyfacts.HasPrefixAny(c.Name, pyfacts.ExecCalls...) {
		return
	}
	arg, ok := c.Arg(0, "args")
	if !ok {
		return
	}
	lo, hi := arg.Start, arg.End
	if items, ok := pyfacts.ArgList(m, arg); ok {
		if len(items) == 0 {
			return
		}
		lo, hi = items[0][0], items[0][1]
		if m.Is(lo, "*") {
			lo++
		}
	}
	if _, ok := m.Fold(lo, hi); ok {
		return
	}
	if _, ok := pyfacts.FromNetwork(m, lo, hi); ok {
		return // SV154
	}
	if src, r := pyfacts.SourceDesc(m, lo, hi); src != "" {
		start, end := m.Span(c)
		pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end,
			Message: c.Name + " runs a program chosen by " + src + " (" + r.Name + ")"})
	}
}
