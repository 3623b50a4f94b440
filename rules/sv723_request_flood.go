package rules

import (
	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/shellfacts"
	"github.com/skillvet/skillvet/intel"
)

// RequestFlood reports commands that request a remote host in a loop that
// never ends and never pauses.
var RequestFlood = register(&analyzer.Rule{
	ID:       "SV723",
	Name:     "request-flood",
	Title:    "Command requests a remote host in an endless loop without a pause",
	Severity: High,
	Category: analyzer.CatRecon,
	Tags:     []string{"security", "denial-of-service", "CWE-400", "CWE-770"},
	Inputs:   shellfacts.Inputs,
	Doc: `Finds a network request (` + "`curl`" + `, ` + "`wget`" + `, …) to a remote host inside a loop whose
condition never ends it — ` + "`while true`" + `, ` + "`while :`" + `, ` + "`until false`" + `, ` + "`for ((;;))`" + ` — with no
` + "`sleep`" + ` in the loop. Run by an agent, that is a flood of requests against someone else's
service from the user's machine and network (denial of service), and it never returns.

A loop that pauses (` + "`sleep 5`" + `) is polling, and loops that poll ` + "`localhost`" + ` or a private address
are the skill's own services waking up: neither is reported. **High.**

**Fix:** bound the loop (a retry count), pause between requests, and stop on success.

Bad:

` + "```sh" + `
while true; do curl -s https://api.example-shop.net/ping > /dev/null; done
` + "```" + `

Good:

` + "```sh" + `
for i in 1 2 3 4 5; do curl -fs https://api.example-shop.net/health && break; sleep 2; done
` + "```",
	Run: runRequestFlood,
})

func runRequestFlood(p *analyzer.Pass) error {
	return shellfacts.ForEachSite(p, func(site *analyzer.ShellSite) {
		s := site.Script
		paused := false
		for _, c := range s.Commands {
			if c.Endless && (c.Name == "sleep" || c.Name == "read" || c.Name == "wait") {
				paused = true
			}
		}
		if paused {
			return
		}
		for _, c := range s.Commands {
			if !c.Endless || !shellfacts.IsDownloader(c) {
				continue
			}
			us := shellfacts.URLs(c)
			class, host, _ := shellfacts.HostRisk(us)
			if host == "" || class == intel.HostLoopback || class == intel.HostPrivate {
				continue
			}
			p.Capability(analyzer.CapNetFetch, host, c.Start)
			shellfacts.Report(p, site, analyzer.Diagnostic{Start: c.Start, End: shellfacts.CmdEnd(c),
				Message: c.Name + " requests " + host + " in an endless loop with no pause: a flood of requests (denial of service) that never returns" + shellfacts.Where(site)})
			return
		}
	})
}
