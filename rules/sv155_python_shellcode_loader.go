package rules

import (
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/pyfacts"
	"github.com/skillvet/skillvet/parse/python"
)

// PythonShellcodeLoader reports Python code that runs machine code from
// memory or injects it into other processes.
var PythonShellcodeLoader = register(&analyzer.Rule{
	ID:       "SV155",
	Name:     "python-shellcode-loader",
	Title:    "Python loads machine code into executable memory or another process",
	Severity: Critical,
	Category: analyzer.CatRemoteExec,
	Tags:     []string{"security", "python", "CWE-506", "CWE-94"},
	Inputs:   analyzer.InPython,
	Doc: `Python code uses ` + "`ctypes`" + ` or ` + "`mmap`" + ` to run raw machine code: it allocates executable
memory (` + "`VirtualAlloc`" + ` with ` + "`PAGE_EXECUTE_*`" + `, ` + "`VirtualProtect`" + `, ` + "`mmap`" + ` with ` + "`PROT_EXEC`" + `),
copies bytes into it (` + "`RtlMoveMemory`" + `, ` + "`ctypes.memmove`" + `) and jumps to it (` + "`CreateThread`" + `,
a ` + "`CFUNCTYPE`" + ` cast), or writes into another process (` + "`WriteProcessMemory`" + `,
` + "`CreateRemoteThread`" + `). This is how droppers run payloads that never touch the disk as
a file, and no skill needs it.

- **critical** — executable memory together with a way to run it, or any process
  injection;
- **high** — executable memory allocated with nothing else recognised.

**Fix:** remove the loader; ship reviewed source.

Bad:

` + "```python" + `
import ctypes
k = ctypes.windll.kernel32
ptr = k.VirtualAlloc(0, len(sc), 0x3000, 0x40)
ctypes.memmove(ptr, sc, len(sc))
k.WaitForSingleObject(k.CreateThread(0, 0, ptr, 0, 0, 0), -1)
` + "```" + `

Good: call a library's documented Python API instead of raw memory.`,
	Run: runPythonShellcodeLoader,
})

func runPythonShellcodeLoader(p *analyzer.Pass) error {
	m := pyfacts.Module(p)
	if m == nil {
		return nil
	}
	var alloc *python.Call
	var runners []*python.Call
	injected := false
	for _, c := range m.Calls {
		last := pyfacts.LastName(c.Name)
		start, end := m.Span(c)
		switch {
		case last == "WriteProcessMemory" || last == "CreateRemoteThread" || last == "NtCreateThreadEx" || last == "QueueUserAPC":
			pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Message: "injects code into another process (" + last + ")"})
			injected = true
		case last == "VirtualAlloc" || last == "VirtualAllocEx" || last == "VirtualProtect" || last == "NtAllocateVirtualMemory":
			if pyExecProtection(m, c) && alloc == nil {
				alloc = c
			}
		case c.Name == "mmap.mmap":
			if strings.Contains(m.Src[m.Toks[c.Open].Start:m.Toks[c.Close].End], "PROT_EXEC") && alloc == nil {
				alloc = c
			}
		case last == "CreateThread" || last == "EnumWindows" || last == "EnumChildWindows" || last == "CreateFiber" ||
			last == "SwitchToFiber" || c.Name == "ctypes.CFUNCTYPE" || c.Name == "ctypes.WINFUNCTYPE" || c.Name == "ctypes.cast":
			runners = append(runners, c)
		}
	}
	if alloc == nil || injected {
		return nil
	}
	start, end := m.Span(alloc)
	if len(runners) > 0 {
		r := runners[len(runners)-1]
		rs, re := m.Span(r)
		pyfacts.Report(p, m, analyzer.Diagnostic{Start: rs, End: re,
			Message: "runs machine code from executable memory allocated at line " + pyfacts.LineOf(m, alloc.Head) + " (" + pyfacts.LastName(alloc.Name) + ")"})
		return nil
	}
	pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: High,
		Message: "allocates executable memory (" + pyfacts.LastName(alloc.Name) + ")"})
	return nil
}

// pyExecProtection reports VirtualAlloc/VirtualProtect protection flags
// that allow execution (PAGE_EXECUTE* = 0x10, 0x20, 0x40, 0x80).
func pyExecProtection(m *python.Module, c *python.Call) bool {
	text := m.Src[m.Toks[c.Open].Start:m.Toks[c.Close].End]
	if strings.Contains(text, "PAGE_EXECUTE") {
		return true
	}
	n := 3 // VirtualAlloc(addr, size, type, protect)
	switch pyfacts.LastName(c.Name) {
	case "VirtualAllocEx":
		n = 4
	case "VirtualProtect":
		n = 2
	case "NtAllocateVirtualMemory":
		n = 5
	}
	a, ok := c.Positional(n)
	if !ok {
		return false
	}
	v := strings.ToLower(m.ArgText(a))
	switch v {
	case "0x10", "0x20", "0x40", "0x80", "16", "32", "64", "128":
		return true
	}
	return false
}
