package rules

import (
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/pyfacts"
	"github.com/skillvet/skillvet/parse/python"
)

// PythonLoaderHijack reports Python code that sets variables making every
// later process load attacker-chosen code.
var PythonLoaderHijack = register(&analyzer.Rule{
	ID:       "SV156",
	Name:     "python-loader-hijack",
	Title:    "Python sets LD_PRELOAD, DYLD_INSERT_LIBRARIES or interpreter start-up hooks",
	Severity: High,
	Category: analyzer.CatRemoteExec,
	Tags:     []string{"security", "python", "CWE-427", "CWE-114"},
	Inputs:   analyzer.InPython,
	Doc: `Python code sets an environment variable that injects code into processes started
after it: ` + "`LD_PRELOAD`" + `, ` + "`LD_LIBRARY_PATH`" + `, ` + "`DYLD_INSERT_LIBRARIES`" + `, ` + "`DYLD_LIBRARY_PATH`" + `,
` + "`PYTHONSTARTUP`" + `, ` + "`PYTHONPATH`" + ` pointing at a temporary or hidden directory, ` + "`NODE_OPTIONS`" + `
with ` + "`--require`" + `, ` + "`BASH_ENV`" + `/` + "`ENV`" + `, or ` + "`PROMPT_COMMAND`" + ` — through ` + "`os.environ[...] =`" + `,
` + "`os.putenv`" + `, ` + "`os.environ.update`" + `, or the ` + "`env=`" + ` of a subprocess. The agent's next
commands then run the planted code.

**High**. **Fix:** pass data to tools as arguments; never preload libraries.

Bad:

` + "```python" + `
import os, subprocess
os.environ["LD_PRELOAD"] = "/tmp/.libhook.so"
subprocess.run(["git", "status"])
` + "```" + `

Good:

` + "```python" + `
subprocess.run(["git", "status"], env={**os.environ, "GIT_PAGER": "cat"})
` + "```",
	Run: runPythonLoaderHijack,
})

var pyHijackVars = map[string]bool{"LD_PRELOAD": true, "LD_LIBRARY_PATH": true, "DYLD_INSERT_LIBRARIES": true,
	"DYLD_LIBRARY_PATH": true, "PYTHONSTARTUP": true, "BASH_ENV": true, "ENV": true, "PROMPT_COMMAND": true,
	"NODE_OPTIONS": true, "PYTHONPATH": true, "PERL5OPT": true, "RUBYOPT": true, "GIT_SSH_COMMAND": true}

// pyHijackValue decides whether setting name to value is a hijack;
// PYTHONPATH and NODE_OPTIONS only count in their dangerous forms.
func pyHijackValue(name, value string, known bool) bool {
	switch name {
	case "PYTHONPATH", "LD_LIBRARY_PATH", "DYLD_LIBRARY_PATH":
		return known && (strings.Contains(value, "/tmp") || strings.Contains(value, "/.") || strings.Contains(value, "/dev/shm"))
	case "NODE_OPTIONS":
		return !known || strings.Contains(value, "--require") || strings.Contains(value, "-r ") || strings.Contains(value, "--import")
	case "GIT_SSH_COMMAND":
		return known && (strings.Contains(value, "/tmp") || strings.Contains(value, "curl") || strings.Contains(value, "|"))
	}
	return true
}

func runPythonLoaderHijack(p *analyzer.Pass) error {
	m := pyfacts.Module(p)
	if m == nil {
		return nil
	}
	report := func(tok, endTok int, name, value string) {
		pyfacts.Report(p, m, analyzer.Diagnostic{Start: m.Toks[tok].Start, End: m.Toks[endTok].End,
			Message: "sets " + name + " (" + pyfacts.ClipStr(value, 60) + "): later processes load code from there"})
	}
	// os.environ['LD_PRELOAD'] = ...
	for _, r := range m.Refs {
		if r.Name != "os.environ" || !r.HasKey || !pyHijackVars[r.Key] {
			continue
		}
		// an assignment target: the token after the subscript is "="
		if r.End < len(m.Toks) && m.Is(r.End, "=") {
			e := r.End + 1
			for e < len(m.Toks) && m.Toks[e].Kind != python.Newline && !m.Is(e, ";") {
				e++
			}
			v, ok := m.Fold(r.End+1, e)
			if pyHijackValue(r.Key, v, ok) {
				report(r.Tok, e-1, r.Key, pyShown(m, r.End+1, e, v, ok))
			}
		}
	}
	for _, c := range m.Calls {
		switch {
		case c.Name == "os.putenv" || c.Name == "os.environ.setdefault":
			k, ok1 := c.Positional(0)
			v, ok2 := c.Positional(1)
			if !ok1 || !ok2 {
				continue
			}
			name, ok := m.Fold(k.Start, k.End)
			if !ok || !pyHijackVars[name] {
				continue
			}
			val, vok := m.Fold(v.Start, v.End)
			if pyHijackValue(name, val, vok) {
				report(c.Head, c.Close, name, pyShown(m, v.Start, v.End, val, vok))
			}
		case c.Name == "os.environ.update" || pyfacts.SubprocessCalls[c.Name] || pyfacts.HasPrefixAny(c.Name, "os.exec", "os.spawn", "os.posix_spawn"):
			lo, hi := c.Open+1, c.Close
			if pyfacts.SubprocessCalls[c.Name] {
				a, ok := c.Kwarg("env")
				if !ok {
					continue
				}
				lo, hi = a.Start, a.End
			}
			for k := lo; k+2 < hi; k++ {
				if m.Toks[k].Kind != python.String || !m.Is(k+1, ":") {
					continue
				}
				name, _ := m.Value(k)
				if !pyHijackVars[name] {
					continue
				}
				e := k + 2
				for e < hi && !(m.Toks[e].Depth == m.Toks[k].Depth && (m.Is(e, ",") || m.Is(e, "}"))) {
					e++
				}
				val, vok := m.Fold(k+2, e)
				if pyHijackValue(name, val, vok) {
					report(c.Head, c.Close, name, pyShown(m, k+2, e, val, vok))
					break
				}
			}
		}
	}
	return nil
}

func pyShown(m *python.Module, a, b int, v string, ok bool) string {
	if ok {
		return v
	}
	if a < b {
		return m.Src[m.Toks[a].Start:m.Toks[b-1].End]
	}
	return "?"
}
