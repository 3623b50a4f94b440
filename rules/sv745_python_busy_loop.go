package rules

import (
	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/pyfacts"
	"github.com/skillvet/skillvet/parse/python"
)

// PythonBusyLoop reports endless loops that only compute: nothing in them
// waits, reads, writes or leaves.
var PythonBusyLoop = register(&analyzer.Rule{
	ID:       "SV745",
	Name:     "python-busy-loop",
	Title:    "Python spins in an endless loop that never waits or does I/O",
	Severity: High,
	Category: analyzer.CatRecon,
	Tags:     []string{"security", "python", "denial-of-service", "CWE-835", "CWE-400"},
	Inputs:   analyzer.InPython,
	Doc: `Python code runs a ` + "`while True:`" + ` (or ` + "`while 1:`" + `) loop that nothing leaves (no ` + "`break`" + `,
` + "`return`" + `, ` + "`raise`" + ` or ` + "`exit`" + `) and whose body only computes: it calls nothing but pure
built-ins (` + "`len`" + `, ` + "`int`" + `, ` + "`sum`" + `, …) and functions of the same file that themselves call nothing
else. Such a loop never waits on anything — no I/O, no sleep, no queue, no socket — so it
burns a CPU core until someone kills the agent's process: resource exhaustion.

Loops that call anything else (a read, a request, a queue's ` + "`get`" + `, an unknown function that may
block) are servers, workers and pollers and are not reported; SV743 and SV744 cover process
and request floods. **High.**

**Fix:** give the loop an exit condition, or wait on the event it is for.

Bad:

` + "```python" + `
def analyze(data):
    while True:
        transform(data)
` + "```" + `

Good:

` + "```python" + `
def analyze(items):
    for item in items:
        transform(item)
` + "```",
	Run: runPythonBusyLoop,
})

// pureBuiltins compute without waiting or touching the outside.
var pureBuiltins = map[string]bool{"len": true, "int": true, "float": true, "str": true, "bool": true, "abs": true,
	"min": true, "max": true, "sum": true, "sorted": true, "reversed": true, "range": true, "enumerate": true,
	"zip": true, "map": true, "filter": true, "list": true, "dict": true, "set": true, "tuple": true, "hash": true,
	"round": true, "pow": true, "divmod": true, "any": true, "all": true, "isinstance": true, "ord": true, "chr": true}

func runPythonBusyLoop(p *analyzer.Pass) error {
	m := pyfacts.Module(p)
	if m == nil {
		return nil
	}
	for _, loop := range pyfacts.EndlessLoops(m) {
		if !pureRange(m, loop[0]+3, loop[1], 2) {
			continue
		}
		start := m.Toks[loop[0]].Start
		pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: m.Toks[loop[0]+2].End,
			Message: "endless loop (line " + pyfacts.LineOf(m, loop[0]) + ") that only computes: nothing in it waits, does I/O or leaves, so it burns a CPU core until killed"})
	}
	return nil
}

// pureRange reports whether tokens [lo, hi) make only pure calls: pure
// built-ins, or functions of the module whose bodies are pure themselves
// (depth levels down). A statement that waits or yields (await, yield,
// with, import, del of a name) makes it impure.
func pureRange(m *python.Module, lo, hi, depth int) bool {
	for k := lo; k < hi; k++ {
		if m.Is(k, "await") || m.Is(k, "yield") || m.Is(k, "with") || m.Is(k, "import") || m.Is(k, "global") {
			return false
		}
	}
	calls := m.CallsIn(lo, hi)
	if len(calls) == 0 {
		return hi > lo
	}
	for _, c := range calls {
		if pureBuiltins[c.Name] {
			continue
		}
		f := definedFunc(m, c.Name)
		if f == nil || depth == 0 || !pureRange(m, f.Lo, f.Hi, depth-1) {
			return false
		}
	}
	return true
}

// definedFunc returns the module-level function named name, or nil.
func definedFunc(m *python.Module, name string) *python.Func {
	if !m.Defs[name] {
		return nil
	}
	fs := m.Funcs()
	for i := range fs {
		if fs[i].Name == name && m.Enclosing(fs[i].Lo) == &fs[i] {
			return &fs[i]
		}
	}
	return nil
}
