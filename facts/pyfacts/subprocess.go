package pyfacts

import (
	"strings"

	"github.com/skillvet/skillvet/parse/python"
)

// ShellStringCalls take a command string as their first argument.
var ShellStringCalls = map[string]bool{"os.system": true, "os.popen": true, "os.popen2": true, "os.popen3": true,
	"os.popen4": true, "commands.getoutput": true, "commands.getstatusoutput": true, "subprocess.getoutput": true,
	"subprocess.getstatusoutput": true, "platform.popen": true, "asyncio.create_subprocess_shell": true,
	"popen2.popen2": true, "popen2.popen3": true, "posix.system": true, "nt.system": true}

// SubprocessCalls are the calls that start a process from an argument
// list or a command string (shell=True decides).
var SubprocessCalls = map[string]bool{"subprocess.run": true, "subprocess.call": true, "subprocess.check_call": true,
	"subprocess.check_output": true, "subprocess.Popen": true}

// ExecCalls are name prefixes of the os.exec*/os.spawn* family and
// asyncio's create_subprocess_exec.
var ExecCalls = []string{"os.execl", "os.execv", "os.spawnl", "os.spawnv", "os.posix_spawn", "asyncio.create_subprocess_exec"}

// ShellCommand returns the token range of the command string a call
// hands to a shell, and how it does.
func ShellCommand(m *python.Module, c *python.Call) (a, b int, how string, ok bool) {
	switch {
	case ShellStringCalls[c.Name]:
		if arg, ok := c.Arg(0, "cmd"); ok {
			return arg.Start, arg.End, c.Name, true
		}
		if arg, ok := c.Kwarg("command"); ok {
			return arg.Start, arg.End, c.Name, true
		}
	case SubprocessCalls[c.Name]:
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
	case HasPrefixAny(c.Name, ExecCalls...):
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
	items, ok := ArgList(m, arg)
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
	if !ok || !ShellNames[strings.ToLower(BaseName(prog))] {
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

// ExecNames are the builtins that run code from a string.
var ExecNames = map[string]bool{"exec": true, "eval": true, "compile": true, "execfile": true}

// WriteTargets renders the paths a call writes, creates or replaces:
// open() in a writing mode, pathlib writes, copies, moves and links.
func WriteTargets(m *python.Module, c *python.Call) []string {
	lo, hi, ok := WriteTargetSpan(m, c)
	if !ok {
		return nil
	}
	paths := PathOf(m, lo, hi, 2)
	for i, pt := range paths {
		paths[i] = strings.ReplaceAll(pt, `\`, "/")
	}
	return paths
}

// WriteTargetSpan returns the tokens of the path expression a writing call
// targets: the file of open(…, "w"), the receiver of p.write_text(…) and
// p.open("w"), the destination of shutil.copy(…) and os.rename(…), the
// directory of os.makedirs(…). ok is false for calls that write nothing.
func WriteTargetSpan(m *python.Module, c *python.Call) (lo, hi int, ok bool) {
	var a python.Arg
	switch {
	case Openish(c.Name) && c.Name != "pathlib.Path" && c.Name != "Path" && !strings.HasPrefix(c.Name, "tempfile."):
		if !IsWriteMode(OpenMode(m, c)) {
			return 0, 0, false
		}
		a, ok = c.Arg(0, "file")
	case HasSuffixAny(c.Name, ".write_text", ".write_bytes", ".touch", ".symlink_to", ".mkdir"):
		return c.Head, c.Open, true
	case HasSuffixAny(c.Name, ".open") && !strings.HasPrefix(c.Name, "os."):
		if mode, found := c.Arg(0, "mode"); found {
			if v, folded := m.Fold(mode.Start, mode.End); folded && IsWriteMode(v) {
				return c.Head, c.Open, true
			}
		}
		return 0, 0, false
	case HasPrefixAny(c.Name, "shutil.copy", "shutil.move", "os.rename", "os.replace", "os.symlink", "os.link"):
		a, ok = c.Arg(1, "dst")
	case c.Name == "os.makedirs" || c.Name == "os.mkdir":
		a, ok = c.Arg(0, "name")
	}
	return a.Start, a.End, ok
}

// CommandText renders the command a process call runs as one string.
func CommandText(m *python.Module, c *python.Call) (string, bool) {
	if !(SubprocessCalls[c.Name] || ShellStringCalls[c.Name] || HasPrefixAny(c.Name, ExecCalls...)) {
		return "", false
	}
	a, ok := c.Arg(0, "args")
	if !ok {
		return "", false
	}
	if s, ok := m.Fold(a.Start, a.End); ok {
		return s, true
	}
	if items, ok := ArgList(m, a); ok {
		var words []string
		for _, it := range items {
			if w, ok := m.Fold(it[0], it[1]); ok {
				words = append(words, w)
			} else {
				words = append(words, pathText(m, it[0], it[1]))
			}
		}
		return strings.Join(words, " "), true
	}
	return pathText(m, a.Start, a.End), true
}

// CommandWord is the first word of a command string (its program as
// written), or "" when the string is blank.
func CommandWord(cmd string) string {
	if f := strings.Fields(cmd); len(f) > 0 {
		return f[0]
	}
	return ""
}

// KeychainItems returns the names of the macOS keychain items a call
// running `security find-generic-password` or `find-internet-password`
// with an argument list reads (its -s service or -l label), each a
// literal: written in the list, or what every call of the enclosing
// function passes for the parameter the list uses (def keychain(svc): …
// keychain("webflow-api-token")). nil when a name is not known, so that a
// caller never takes an unknown item for a known one.
func KeychainItems(m *python.Module, c *python.Call) []string {
	a, ok := c.Arg(0, "args")
	if !ok {
		return nil
	}
	items, ok := ArgList(m, a)
	if !ok {
		return nil
	}
	var names []string
	for i := 0; i+1 < len(items); i++ {
		if w, ok := m.Fold(items[i][0], items[i][1]); !ok || w != "-s" && w != "-l" {
			continue
		}
		v := items[i+1]
		if lit, ok := m.Fold(v[0], v[1]); ok {
			names = append(names, lit)
			continue
		}
		if v[1]-v[0] != 1 || m.Toks[v[0]].Kind != python.Name {
			return nil // an expression: the item is not known
		}
		f := m.Enclosing(c.Head)
		if f == nil {
			return nil
		}
		k := m.ParamIndex(f, m.Text(v[0]))
		if k < 0 {
			return nil
		}
		args := m.CallerArgs(f, k)
		if len(args) == 0 {
			return nil
		}
		for _, ca := range args {
			lit, ok := m.Fold(ca.Start, ca.End)
			if !ok {
				return nil
			}
			names = append(names, lit)
		}
	}
	return names
}
