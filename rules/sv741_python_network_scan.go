package rules

import (
	"github.com/skillvet/skillvet/facts/match"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/pyfacts"
	"github.com/skillvet/skillvet/parse/python"
)

// PythonNetworkScan reports port scans and network sweeps.
var PythonNetworkScan = register(&analyzer.Rule{
	ID:       "SV741",
	Name:     "python-network-scan",
	Title:    "Python scans ports or sweeps a network",
	Severity: Medium,
	Category: analyzer.CatRecon,
	Tags:     []string{"security", "python", "reconnaissance", "CWE-200"},
	Inputs:   analyzer.InPython,
	Doc: `Python code probes the network around the user's machine:

- socket ` + "`connect`" + `/` + "`connect_ex`" + ` with the port taken from a ` + "`range(...)`" + ` — a port scan
  (**medium**);
- connections to every host of an ` + "`ipaddress.ip_network(...)`" + ` — a network sweep of, usually,
  the user's internal network (**high**);
- ` + "`nmap`" + `/` + "`masscan`" + ` run through ` + "`subprocess`" + `, ` + "`python-nmap`" + ` scans, ` + "`scapy`" + ` ARP/ICMP
  sweeps (**medium**).

An agent's machine sits inside networks that are not the internet (home, office,
cloud VPC); mapping them is the first step of lateral movement.

**Fix:** connect only to the host and port the skill is about.

Bad:

` + "```python" + `
import socket
for port in range(1, 1025):
    if socket.socket().connect_ex(("192.168.1.10", port)) == 0:
        print("open", port)
` + "```" + `

Good:

` + "```python" + `
import socket
socket.create_connection(("localhost", 5432), timeout=2).close()  # is our database up?
` + "```",
	Run: runPythonNetworkScan,
})

var pyScanCmdRx = match.MustRx(`(?i)(^|[\s/])(nmap|masscan|zmap|rustscan|naabu)(\s|$)`)

func runPythonNetworkScan(p *analyzer.Pass) error {
	m := pyfacts.Module(p)
	if m == nil {
		return nil
	}
	for _, c := range m.Calls {
		start, end := m.Span(c)
		last := pyfacts.LastName(c.Name)
		switch {
		case last == "connect" || last == "connect_ex" || c.Name == "socket.create_connection":
			a, ok := c.Arg(0, "address")
			if !ok {
				continue
			}
			if _, ok := m.Derives("netrange", a.Start, a.End, func(r python.Ref) bool {
				return pyfacts.HasPrefixAny(r.Name, "ipaddress.ip_network", "ipaddress.IPv4Network", "ipaddress.IPv6Network", "netaddr.IPNetwork")
			}); ok {
				pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: High, Message: "sweeps the hosts of a network (" + last + " in a loop over ip_network)"})
				continue
			}
			if _, ok := m.Derives("portrange", a.Start, a.End, func(r python.Ref) bool { return r.Call && r.Name == "range" }); ok {
				pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Message: "scans a range of ports (" + last + ")"})
			}
		case last == "scan" && (pyfacts.HasPrefixAny(c.Name, "nmap.") || pyfacts.ReceiverFrom(m, c, "nmap.")):
			pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Message: "runs an nmap scan (python-nmap)"})
		case pyfacts.HasPrefixAny(c.Name, "scapy.") && (last == "srp" || last == "sr" || last == "arping" || last == "sr1"):
			pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Message: "sends raw probe packets (scapy " + last + ")"})
		default:
			if cmd, ok := pyfacts.CommandText(m, c); ok && pyScanCmdRx.MatchString(cmd) {
				pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Message: "runs a network scanner: " + pyfacts.ClipStr(cmd, 80)})
			}
		}
	}
	return nil
}
