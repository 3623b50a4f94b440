package pyfacts

import (
	"strings"

	"github.com/skillvet/skillvet/parse/python"
	"github.com/skillvet/skillvet/parse/shell"
)

// StoredSetting is a git or ssh setting that Python code makes: a
// process call running git config, git -c, ssh -o or a shell string that
// does, or a write of configuration text to ~/.gitconfig, .git/config or
// ~/.ssh/config.
type StoredSetting struct {
	shell.Setting
	Call *python.Call
	// Script is the shell parse that holds the setting's commands when
	// the call ran a shell string (nil for argument lists and file text).
	Script *shell.Script
}

// StoredSettings returns the git and ssh settings the module's calls make.
func StoredSettings(m *python.Module) []StoredSetting {
	var out []StoredSetting
	for _, c := range m.Calls {
		start, end := m.Span(c)
		if s, cmds := ProcessCommands(m, c); len(cmds) > 0 {
			for _, sc := range cmds {
				for _, st := range sc.Settings {
					out = append(out, StoredSetting{Setting: st, Call: c, Script: s})
				}
			}
			continue
		}
		if paths, text, ok := WrittenText(m, c); ok {
			for _, p := range paths {
				for _, st := range shell.ConfigSettings(p, text, shell.Anchored(start, end)) {
					out = append(out, StoredSetting{Setting: st, Call: c})
				}
			}
		}
	}
	return out
}

// ProcessCommands returns the commands a process call runs, as shell
// commands anchored to the call: parsed from the shell string of
// os.system, shell=True or ["sh", "-c", …] (with that parse, whose
// settings' command lines it holds), or built from an argument list
// (subprocess.run(["git", "config", …]); script nil), with the git and ssh
// settings they make.
func ProcessCommands(m *python.Module, c *python.Call) (*shell.Script, []*shell.Command) {
	start, end := m.Span(c)
	if a, b, _, ok := ShellCommand(m, c); ok {
		text, ok := m.Fold(a, b)
		if !ok {
			return nil, nil
		}
		s := shell.ParseAnchored(text, start, end)
		return s, s.Commands
	}
	words, ok := processWords(m, c, start, end)
	if !ok || len(words) == 0 {
		return nil, nil
	}
	name := strings.TrimSuffix(strings.ToLower(BaseName(words[0].Value)), ".exe")
	cmd := &shell.Command{Args: words, Argv: words, Name: name, Start: start, End: end, Parent: -1, PipeNext: -1, PipePrev: -1}
	switch name {
	case "git":
		cmd.Settings = shell.GitSettings(words)
	case "ssh", "scp", "sftp":
		cmd.Settings = shell.SSHSettings(words)
	}
	return nil, []*shell.Command{cmd}
}

// processWords returns the argument list of a process call
// (subprocess.run([...]), os.execvp(...)) as shell words anchored to the
// call: folded constants, or the expression's path text (not constant).
func processWords(m *python.Module, c *python.Call, start, end int) ([]shell.Word, bool) {
	if !(SubprocessCalls[c.Name] || HasPrefixAny(c.Name, ExecCalls...)) {
		return nil, false
	}
	a, ok := c.Arg(0, "args")
	if HasPrefixAny(c.Name, ExecCalls...) && !strings.HasPrefix(c.Name, "asyncio.") {
		a, ok = c.Arg(1, "args") // os.execvp(file, args)
	}
	if !ok {
		return nil, false
	}
	var items [][2]int
	if strings.HasPrefix(c.Name, "asyncio.") || strings.HasPrefix(c.Name, "os.execl") || strings.HasPrefix(c.Name, "os.spawnl") {
		for _, x := range c.Args {
			if x.Keyword == "" {
				items = append(items, [2]int{x.Start, x.End})
			}
		}
		if strings.HasPrefix(c.Name, "os.") && len(items) > 0 {
			items = items[1:] // the program path; argv follows
		}
	} else if items, ok = ArgList(m, a); !ok {
		return nil, false
	}
	words := make([]shell.Word, 0, len(items))
	for _, it := range items {
		v, ok := m.Fold(it[0], it[1])
		if !ok {
			v = pathText(m, it[0], it[1])
		}
		words = append(words, shell.Word{Value: v, Raw: v, Const: ok, Start: start, End: end})
	}
	return words, true
}

// WrittenText returns the files a write call writes and the text it
// writes: p.write_text(TEXT), f.write(TEXT) and f.writelines([...]) on a
// file opened for writing (open(…) in the receiver, or the variable a
// with-statement or assignment bound to it). The text is the folded
// constant, or else the string literals of the argument joined (the
// literal parts of an f-string).
func WrittenText(m *python.Module, c *python.Call) ([]string, string, bool) {
	var paths []string
	switch {
	case HasSuffixAny(c.Name, ".write_text"):
		paths = WriteTargets(m, c)
	case HasSuffixAny(c.Name, ".write", ".writelines"):
		oc := openedIn(m, c.Head, c.Open)
		if oc == nil {
			return nil, "", false
		}
		paths = WriteTargets(m, oc)
	default:
		return nil, "", false
	}
	a, ok := c.Arg(0, "")
	if !ok || len(paths) == 0 {
		return nil, "", false
	}
	if v, ok := m.Fold(a.Start, a.End); ok {
		return paths, v, true
	}
	var b strings.Builder
	for k := a.Start; k < a.End && k < len(m.Toks); k++ {
		if v, ok := m.Value(k); ok {
			b.WriteString(v)
		}
	}
	return paths, b.String(), b.Len() > 0
}

// TextsWrittenThrough returns the text of every write (f.write, f.writelines)
// through the file that the open() call oc opened, and whether each was a
// folded constant. A file opened and never written gives no texts.
func TextsWrittenThrough(m *python.Module, oc *python.Call) (texts []string, allConst bool) {
	allConst = true
	for _, c := range m.Calls {
		if !HasSuffixAny(c.Name, ".write", ".writelines") || nearestOpener(m, c) != oc {
			continue
		}
		a, ok := c.Arg(0, "")
		if !ok {
			allConst = false
			continue
		}
		v, ok := m.Fold(a.Start, a.End)
		if !ok {
			allConst = false
			continue
		}
		texts = append(texts, v)
	}
	return texts, allConst
}

// nearestOpener returns the open() call that made the file a write call
// writes through: one in its receiver, or the last binding of the receiver
// before the call that opens a file (with open(a) as f: … with open(b) as f:
// f.write(…) writes b).
func nearestOpener(m *python.Module, c *python.Call) *python.Call {
	if oc := openCallIn(m, c.Head, c.Open); oc != nil {
		return oc
	}
	if c.Head >= len(m.Toks) || m.Toks[c.Head].Kind != python.Name {
		return nil
	}
	return lastOpenBinding(m, c.Head)
}

// lastOpenBinding returns the open() call of the latest binding, before
// token at, of the variable named there that opens a file, or nil.
func lastOpenBinding(m *python.Module, at int) *python.Call {
	var best *python.Call
	bestAt := -1
	for _, as := range ScopedAssigns(m, m.Text(at), at) {
		if as.Start >= at || as.Start < bestAt {
			continue
		}
		if oc := openCallIn(m, as.Start, as.End); oc != nil {
			best, bestAt = oc, as.Start
		}
	}
	return best
}

// openCallIn returns the first call in tokens [a, b) that opens a file.
func openCallIn(m *python.Module, a, b int) *python.Call {
	for _, oc := range m.CallsIn(a, b) {
		if Openish(oc.Name) || HasSuffixAny(oc.Name, ".open") {
			return oc
		}
	}
	return nil
}

// openedIn returns the open() call that made the file object in tokens
// [a, b): a call there, or in the assignments (with … as f included) of
// its variable.
func openedIn(m *python.Module, a, b int) *python.Call {
	if oc := openCallIn(m, a, b); oc != nil {
		return oc
	}
	if a >= len(m.Toks) || m.Toks[a].Kind != python.Name {
		return nil
	}
	for k, as := range ScopedAssigns(m, m.Text(a), a) {
		if k == pyMaxAssigns {
			break
		}
		if oc := openCallIn(m, as.Start, as.End); oc != nil {
			return oc
		}
	}
	return nil
}
