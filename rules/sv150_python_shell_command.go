package rules

import (
	"strings"

	"github.com/skillvet/skillvet/analyzer"
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

// pyShellStringCalls take a command string as their first argument.
var pyShellStringCalls = map[string]bool{"os.system": true, "os.popen": true, "os.popen2": true, "os.popen3": true,
	"os.popen4": true, "commands.getoutput": true, "commands.getstatusoutput": true, "subprocess.getoutput": true,
	"subprocess.getstatusoutput": true, "platform.popen": true, "asyncio.create_subprocess_shell": true,
	"popen2.popen2": true, "popen2.popen3": true, "posix.system": true, "nt.system": true}

var pySubprocessCalls = map[string]bool{"subprocess.run": true, "subprocess.call": true, "subprocess.check_call": true,
	"subprocess.check_output": true, "subprocess.Popen": true}

var pyExecCalls = []string{"os.execl", "os.execv", "os.spawnl", "os.spawnv", "os.posix_spawn", "asyncio.create_subprocess_exec"}

// pyShellCommand returns the token range of the command string a call
// hands to a shell, and how it does.
func pyShellCommand(m *python.Module, c *python.Call) (a, b int, how string, ok bool) {
	switch {
	case pyShellStringCalls[c.Name]:
		if arg, ok := c.Arg(0, "cmd"); ok {
			return arg.Start, arg.End, c.Name, true
		}
		if arg, ok := c.Kwarg("command"); ok {
			return arg.Start, arg.End, c.Name, true
		}
	case pySubprocessCalls[c.Name]:
		arg, ok := c.Arg(0, "args")
		if !ok {
			return 0, 0, "", false
		}
		if sh, ok := c.Kwarg("shell"); ok {
			t := m.ArgText(sh)
			if t != "False" && t != "0" && t != "None" {
				return arg.Start, arg.End, c.Name + "(shell=True)", true
			}
		}
		if a, b, ok := shellDashC(m, arg, 0); ok {
			return a, b, c.Name + " of a shell with -c", true
		}
	case hasPrefixAny(c.Name, pyExecCalls...):
		// os.execlp('sh', 'sh', '-c', cmd) and os.execvp('sh', ['sh', '-c', cmd])
		if arg, ok := c.Positional(1); ok {
			if a, b, ok := shellDashC(m, arg, 0); ok {
				return a, b, c.Name + " of a shell with -c", true
			}
		}
		var items [][2]int
		for _, x := range c.Args {
			items = append(items, [2]int{x.Start, x.End})
		}
		if c.Name == "os.posix_spawn" || strings.HasPrefix(c.Name, "os.spawn") && len(items) > 0 {
			items = items[1:]
		}
		if a, b, ok := shellItems(m, items, 0); ok {
			return a, b, c.Name + " of a shell with -c", true
		}
	}
	return 0, 0, "", false
}

// shellDashC recognises ["sh", "-c", CMD] list arguments and returns CMD.
func shellDashC(m *python.Module, arg python.Arg, skip int) (int, int, bool) {
	items, ok := argList(m, arg)
	if !ok {
		return 0, 0, false
	}
	return shellItems(m, items, skip)
}

func shellItems(m *python.Module, items [][2]int, skip int) (int, int, bool) {
	if len(items) < skip+3 {
		return 0, 0, false
	}
	items = items[skip:]
	prog, ok := m.Fold(items[0][0], items[0][1])
	if !ok || !shellNames[strings.ToLower(baseName(prog))] {
		return 0, 0, false
	}
	for k := 1; k+1 < len(items); k++ {
		flag, ok := m.Fold(items[k][0], items[k][1])
		if !ok {
			return 0, 0, false
		}
		fl := strings.ToLower(flag)
		if fl == "-c" || fl == "/c" || fl == "-command" || strings.HasPrefix(fl, "-") && strings.HasSuffix(fl, "c") {
			return items[k+1][0], items[k+1][1], true
		}
	}
	return 0, 0, false
}

func runPythonShellCommand(p *analyzer.Pass) error {
	m := pyModule(p)
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
				if items, ok := argList(m, arg); ok && len(items) > 0 {
					prog, _ = m.Fold(items[0][0], items[0][1])
				}
			}
			if shellNames[strings.ToLower(baseName(prog))] {
				pyReport(p, m, analyzer.Diagnostic{Start: start, End: end, Message: "pty.spawn starts an interactive shell (" + prog + ")"})
			}
			continue
		}
		a, b, how, ok := pyShellCommand(m, c)
		if !ok {
			pyProgramFromInput(p, m, c)
			continue
		}
		if cmd, ok := m.Fold(a, b); ok {
			if downloadsAndRuns.MatchString(cmd) {
				continue // SV154
			}
			pyReport(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: Medium,
				Message: how + " runs a constant shell command: " + clipStr(cmd, 80)})
			continue
		}
		if _, ok := fromNetwork(m, a, b); ok {
			continue // SV154
		}
		src, ref := sourceDesc(m, a, b)
		msg := how + " runs a shell command built at run time"
		if src != "" {
			msg = how + " runs a shell command built from " + src + " (" + ref.Name + ")"
		}
		pyReport(p, m, analyzer.Diagnostic{Start: start, End: end, Message: msg})
	}
	return nil
}

// pyProgramFromInput reports process calls without a shell whose program
// (not just an argument) comes from user input, the environment or
// decoded data: subprocess.run(sys.argv[1:]), os.execvp(cmd, ...).
func pyProgramFromInput(p *analyzer.Pass, m *python.Module, c *python.Call) {
	if !pySubprocessCalls[c.Name] && !hasPrefixAny(c.Name, pyExecCalls...) {
		return
	}
	arg, ok := c.Arg(0, "args")
	if !ok {
		return
	}
	lo, hi := arg.Start, arg.End
	if items, ok := argList(m, arg); ok {
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
	if _, ok := fromNetwork(m, lo, hi); ok {
		return // SV154
	}
	if src, r := sourceDesc(m, lo, hi); src != "" {
		start, end := m.Span(c)
		pyReport(p, m, analyzer.Diagnostic{Start: start, End: end,
			Message: c.Name + " runs a program chosen by " + src + " (" + r.Name + ")"})
	}
}
