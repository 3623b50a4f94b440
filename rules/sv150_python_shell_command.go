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

Running commands is what many useful skills do, so the rule grades by where the command
comes from, not by the call alone:

- **high** when the command string or the program is built from **decoded data**
  (decode → execute), and for ` + "`pty.spawn`" + ` of a shell (an interactive shell is what
  reverse shells hand out);
- **high** when user input (` + "`sys.argv`" + `, ` + "`input()`" + `, argparse values, a request's
  fields) is spliced into the skill's own shell command template: the agent fills those
  arguments from text it was given (a web page, an issue, a file name), and shell
  metacharacters in them run as commands (command injection); **medium** in example code of a
  Markdown document that no text tells the agent to run (a weakness for the reader to fix where
  they copy it, not what the skill runs);
- **medium** when the environment is spliced into one: a weakness, but values the user's
  own session set, so it warns without blocking;
- **low** (a recorded *capability*, never a block on its own) for a constant shell command,
  a shell command built from the skill's own values, and a list-form call whose program is
  chosen by the operator (a flag, ` + "`sys.argv`" + `, ` + "`$PYTHON`" + `-style environment variables):
  the program slot, not the arguments, is what decides what runs, and
  ` + "`subprocess.run(['gh'] + args)`" + ` or ` + "`[sys.executable, script, user_path]`" + ` choose nothing.

Commands built from downloaded data are reported by SV154 (download and execute).
List-form calls with a constant program, ` + "`subprocess.run(['git', 'status'])`" + `, do not
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
			p.Capability(analyzer.CapExec, pyfacts.CommandWord(cmd), start)
			pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: Low, Kind: analyzer.EvCapability,
				Message: how + " runs a constant shell command: " + pyfacts.ClipStr(cmd, 80)})
			continue
		}
		if _, ok := pyfacts.FromNetwork(m, a, b); ok {
			continue // SV154
		}
		if r, ok := pyfacts.FromDecoded(m, a, b); ok {
			p.Capability(analyzer.CapDecode, r.Name, start)
			pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: High, Kind: analyzer.EvChain,
				Message: how + " runs a shell command built from decoded data (" + r.Name + ")"})
			continue
		}
		splice, src, ref := pyfacts.ShellSplice(m, a, b)
		switch {
		case splice == pyfacts.SpliceTemplate && src == "user input":
			p.Capability(analyzer.CapExecDynamic, "shell command built from "+src, start)
			sev, msg := High, how+" splices user input ("+ref.Name+") into a shell command: its shell metacharacters run as commands (command injection)"
			if p.File.ExampleCode() {
				// a weakness in code a document shows, not in what the
				// skill runs
				sev, msg = Medium, msg+" (in example code no text tells the agent to run: a weakness to fix where it is copied)"
			}
			pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: sev, Message: msg})
		case splice == pyfacts.SpliceTemplate:
			p.Capability(analyzer.CapExecDynamic, "shell command built from "+src, start)
			pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: Medium,
				Message: how + " splices " + src + " (" + ref.Name + ") into a shell command: shell metacharacters in it run as commands"})
		case splice == pyfacts.SpliceWhole:
			p.Capability(analyzer.CapExecDynamic, "shell command chosen by "+src, start)
			pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: Low, Kind: analyzer.EvCapability,
				Message: how + " runs a shell command chosen by " + src + " (" + ref.Name + ")"})
		default:
			p.Capability(analyzer.CapExecDynamic, "shell command built at run time", start)
			pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: Low, Kind: analyzer.EvCapability,
				Message: how + " runs a shell command built at run time from the skill's own values"})
		}
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
	var src string
	var r python.Ref
	for _, slot := range pyfacts.ProgramSlots(m, arg.Start, arg.End) {
		lo, hi := slot[0], slot[1]
		if _, ok := m.Fold(lo, hi); ok {
			continue
		}
		if _, ok := pyfacts.FromNetwork(m, lo, hi); ok {
			return // SV154
		}
		if src, r = pyfacts.SourceDesc(m, lo, hi); src != "" {
			break
		}
	}
	if src == "" {
		return
	}
	start, end := m.Span(c)
	if src == "decoded data" {
		p.Capability(analyzer.CapDecode, r.Name, start)
		pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: High, Kind: analyzer.EvChain,
			Message: c.Name + " runs a program taken from decoded data (" + r.Name + ")"})
		return
	}
	// The operator choosing the program (a flag, $PYTHON) is a capability.
	p.Capability(analyzer.CapExecDynamic, "program chosen by "+src, start)
	pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: Low, Kind: analyzer.EvCapability,
		Message: c.Name + " runs a program chosen by " + src + " (" + r.Name + ")"})
}
