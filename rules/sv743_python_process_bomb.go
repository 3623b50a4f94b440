package rules

import (
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/pyfacts"
	"github.com/skillvet/skillvet/parse/python"
)

// PythonProcessBomb reports processes spawned in unbounded loops.
var PythonProcessBomb = register(&analyzer.Rule{
	ID:       "SV743",
	Name:     "python-process-bomb",
	Title:    "Python spawns processes in an endless loop (fork bomb)",
	Severity: High,
	Category: analyzer.CatRemoteExec,
	Tags:     []string{"security", "python", "resource-abuse", "CWE-400", "CWE-770"},
	Inputs:   analyzer.InPython,
	Doc: `Python code creates processes inside a ` + "`while True:`" + ` (or ` + "`while 1:`" + `) loop:
` + "`os.fork()`" + `, ` + "`multiprocessing.Process(...).start()`" + `, ` + "`subprocess.Popen`" + ` of itself
(` + "`sys.executable`" + ` with ` + "`__file__`" + `). Each new process runs the same loop: the machine runs
out of process slots and memory within seconds (a fork bomb), taking the agent and the
user's session down with it.

**High**. Loops that ` + "`break`" + `, ` + "`return`" + ` or ` + "`wait`" + ` for the child are not reported.

**Fix:** use a bounded pool (` + "`concurrent.futures.ProcessPoolExecutor(max_workers=…)`" + `).

Bad:

` + "```python" + `
import os
while True:
    os.fork()
` + "```" + `

Good:

` + "```python" + `
from concurrent.futures import ProcessPoolExecutor
with ProcessPoolExecutor(max_workers=4) as ex:
    results = list(ex.map(work, items))
` + "```",
	Run: runPythonProcessBomb,
})

func runPythonProcessBomb(p *analyzer.Pass) error {
	m := pyfacts.Module(p)
	if m == nil {
		return nil
	}
	for _, loop := range pyfacts.EndlessLoops(m) {
		i, end := loop[0], loop[1]
		for _, c := range m.CallsIn(i+3, end) {
			if !pySpawnsProcess(m, c) || pyWaited(m, c, end) {
				continue
			}
			start, cend := m.Span(c)
			pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: cend,
				Message: c.Name + " in an endless loop (line " + pyfacts.LineOf(m, i) + "): processes multiply until the machine stalls"})
			break
		}
		i = end - 1
	}
	return nil
}

func pySpawnsProcess(m *python.Module, c *python.Call) bool {
	switch c.Name {
	case "os.fork", "os.forkpty", "pty.fork":
		return true
	case "multiprocessing.Process", "multiprocessing.Process().start", "threading.Thread().start":
		return c.Name != "threading.Thread().start"
	}
	if pyfacts.SubprocessCalls[c.Name] && c.Name == "subprocess.Popen" {
		text := m.Src[m.Toks[c.Open].Start:m.Toks[c.Close].End]
		return containsAll(text, "sys.executable", "__file__") || containsAll(text, "sys.argv[0]")
	}
	return false
}

func containsAll(s string, subs ...string) bool {
	for _, x := range subs {
		if !strings.Contains(s, x) {
			return false
		}
	}
	return true
}

// pyWaited reports whether the loop body waits for the process it starts
// (.wait(), .join(), os.wait*).
func pyWaited(m *python.Module, c *python.Call, end int) bool {
	for _, r := range m.RefsIn(c.Head, end) {
		if !r.Call {
			continue
		}
		switch pyfacts.LastName(r.Name) {
		case "wait", "join", "waitpid", "communicate":
			return true
		}
	}
	return false
}
