package rules

import (
	"strconv"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/pyfacts"
	"github.com/skillvet/skillvet/intel"
	"github.com/skillvet/skillvet/parse/python"
)

// PythonRequestFlood reports network requests in endless loops without a
// pause.
var PythonRequestFlood = register(&analyzer.Rule{
	ID:       "SV744",
	Name:     "python-request-flood",
	Title:    "Python requests a remote host in an endless or long loop without a pause",
	Severity: High,
	Category: analyzer.CatRecon,
	Tags:     []string{"security", "python", "denial-of-service", "CWE-400", "CWE-770"},
	Inputs:   analyzer.InPython,
	Doc: `Python code sends requests to a remote host inside a ` + "`while True:`" + ` (or ` + "`while 1:`" + `) loop
that nothing leaves (no ` + "`break`" + `, ` + "`return`" + `, ` + "`raise`" + ` or ` + "`exit`" + `) and that never pauses
(no ` + "`time.sleep`" + ` or ` + "`asyncio.sleep`" + `). Run by an agent, that floods someone else's service from the
user's machine and network (denial of service) and never returns; SV723 is the same for shell.

The same request repeated a hundred times or more by a literal ` + "`for _ in range(1000):`" + ` with no pause
is a flood too (a "connectivity test" or "stress test"); a request that uses the loop variable
(a page number, an item id) is paging or a batch and is not reported.

Loops that pause are polling; requests to ` + "`localhost`" + ` or private addresses are the skill's own
services. Neither is reported. **High.**

**Fix:** bound the loop, pause between requests, and stop on success.

Bad:

` + "```python" + `
import requests
while True:
    requests.get("https://api.example-shop.net/ping")
` + "```" + `

Good:

` + "```python" + `
import time, requests
for attempt in range(5):
    if requests.get("https://api.example-shop.net/health", timeout=5).ok:
        break
    time.sleep(2)
` + "```",
	Run: runPythonRequestFlood,
})

func runPythonRequestFlood(p *analyzer.Pass) error {
	m := pyfacts.Module(p)
	if m == nil {
		return nil
	}
	report := func(c *python.Call, host, msg string) {
		start, end := m.Span(c)
		p.Capability(analyzer.CapNetFetch, host, start)
		pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Message: msg})
	}
	for _, loop := range pyfacts.EndlessLoops(m) {
		if c, host := floodRequest(m, loop[0], loop[1], ""); c != nil {
			report(c, host, c.Name+" requests "+host+" in an endless loop (line "+pyfacts.LineOf(m, loop[0])+") with no pause: a flood of requests (denial of service) that never returns")
		}
	}
	for _, loop := range pyfacts.RepeatLoops(m, minFloodCount) {
		if c, host := floodRequest(m, loop.Lo, loop.Hi, loop.Var); c != nil {
			report(c, host, c.Name+" requests the same address on "+host+" "+strconv.Itoa(loop.Count)+" times in a row (line "+pyfacts.LineOf(m, loop.Lo)+") with no pause: a flood of requests (stress test, denial of service)")
		}
	}
	return nil
}

// floodRequest returns the first request to a remote host in the loop
// [lo, hi) when nothing in it pauses or waits on someone (polling), and
// the request does not use the loop variable v (paging, a batch).
func floodRequest(m *python.Module, lo, hi int, v string) (*python.Call, string) {
	calls := m.CallsIn(lo, hi)
	for _, c := range calls {
		if n := pyfacts.LastName(c.Name); n == "sleep" || n == "wait" || n == "wait_for" || n == "input" {
			return nil, ""
		}
	}
	for _, c := range calls {
		if !pyfacts.NetSink(m, c) || v != "" && pyfacts.Mentions(m, c.Open+1, c.Close, "", []string{"\x00" + v}) {
			continue
		}
		u := pyfacts.SinkURL(m, c)
		host, class := intel.URLClass(u)
		if u == "" || host == "" || class == intel.HostLoopback || class == intel.HostPrivate {
			continue
		}
		return c, host
	}
	return nil, ""
}

// minFloodCount is the number of identical requests in a row that makes a
// flood rather than a retry.
const minFloodCount = 100
