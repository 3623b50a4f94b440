package rules

import (
	"github.com/skillvet/skillvet/facts/match"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/pyfacts"
	"github.com/skillvet/skillvet/parse/python"
)

// PythonCloudMetadata reports reads of cloud instance metadata endpoints.
var PythonCloudMetadata = register(&analyzer.Rule{
	ID:       "SV289",
	Name:     "python-cloud-metadata",
	Title:    "Python queries the cloud instance metadata service for credentials",
	Severity: High,
	Category: analyzer.CatCredentials,
	Tags:     []string{"security", "python", "cloud", "CWE-522", "CWE-918"},
	Inputs:   analyzer.InPython,
	Doc: `Python code talks to a cloud instance metadata service — ` + "`169.254.169.254`" + ` (AWS, Azure,
GCP, OpenStack, DigitalOcean), ` + "`fd00:ec2::254`" + `, ` + "`metadata.google.internal`" + `,
` + "`100.100.100.200`" + ` (Alibaba), ` + "`169.254.170.2`" + ` (ECS task credentials). When an agent runs on a
cloud VM, CI runner or container, these endpoints hand out the machine's IAM
credentials to any local process — a favourite target of credential stealers.

- **critical** when the path asks for credentials or tokens (` + "`iam/security-credentials`" + `,
  ` + "`service-accounts/…/token`" + `, ` + "`identity/oauth2/token`" + `, ` + "`/v2/credentials`" + `) or the file also sends
  data elsewhere;
- **high** otherwise;
- **low** for a bare address (` + "`'169.254.169.254'`" + `) that no request in the file uses: an entry in
  a blocklist or a comparison (` + "`if '169.254.169.254' in url: raise …`" + `) is SSRF defence, not a query.

**Fix:** use the cloud SDK's default credential chain in code the user runs, not in a skill.

Bad:

` + "```python" + `
import requests
role = requests.get("http://169.254.169.254/latest/meta-data/iam/security-credentials/").text
creds = requests.get("http://169.254.169.254/latest/meta-data/iam/security-credentials/" + role).json()
` + "```" + `

Good:

` + "```python" + `
import boto3
boto3.client("s3").list_buckets()  # the SDK resolves credentials itself
` + "```",
	Run: runPythonCloudMetadata,
})

var pyMetadataRx = match.MustRx(`(?i)(169\.254\.169\.254|169\.254\.170\.2|fd00:ec2::254|metadata\.google\.internal|100\.100\.100\.200|metadata\.azure\.com)`)
var pyMetadataCredRx = match.MustRx(`(?i)(security-credentials|service-accounts/[^/]*/token|identity/oauth2/token|/v2/credentials|/latest/api/token|computeMetadata/v1/instance/service-accounts|user-data)`)

// pyMetadataWords prefilter strings before the regular expressions.
var pyMetadataWords = []string{"169.254.", "metadata", "100.100.100.200", "fd00:ec2", "security-credentials", "token", "user-data"}

func runPythonCloudMetadata(p *analyzer.Pass) error {
	m := pyfacts.Module(p)
	if m == nil {
		return nil
	}
	var hits []int
	cred := false
	for i := range m.Toks {
		if m.Toks[i].Kind != python.String {
			continue
		}
		v, _ := m.Value(i)
		if len(v) < 12 || !pyfacts.ContainsAny(v, pyMetadataWords) {
			continue
		}
		if pyMetadataRx.MatchString(v) {
			hits = append(hits, i)
		}
		if pyMetadataCredRx.MatchString(v) && (len(hits) > 0 || strings.Contains(v, "meta")) {
			cred = true
		}
	}
	if len(hits) == 0 {
		return nil
	}
	sink := false
	for _, c := range m.Calls {
		if pyfacts.NetSink(m, c) && pyfacts.Sends(m, c) {
			sink = true
			break
		}
	}
	for _, i := range hits {
		v, _ := m.Value(i)
		host := pyMetadataRx.FindString(v)
		if (pyBareHost(v, host) || pyInText(v)) && !pyfacts.ReachesCall(m, i, func(c *python.Call) bool { return pyRequestCall(m, c) }) {
			pyfacts.Report(p, m, analyzer.Diagnostic{Start: m.Toks[i].Start, End: m.Toks[i].End, Severity: Low,
				Message: "names the cloud metadata address (" + host + ") as data: no request in this file uses it (a blocklist, a comparison, a sentence)"})
			continue
		}
		sev, msg := High, "queries the cloud metadata service ("+host+")"
		switch {
		case cred:
			sev, msg = Critical, msg+" for instance credentials"
		case sink:
			sev, msg = Critical, msg+" in a file that sends data over the network"
		}
		pyfacts.Report(p, m, analyzer.Diagnostic{Start: m.Toks[i].Start, End: m.Toks[i].End, Severity: sev, Message: msg})
	}
	return nil
}

// pyBareHost reports a string that is only the address (a blocklist entry),
// not a URL with a path that another module could import and request.
func pyBareHost(v, host string) bool {
	v = strings.TrimSpace(v)
	return strings.EqualFold(v, host) || strings.HasPrefix(strings.ToLower(v), strings.ToLower(host)+":") && !strings.Contains(v, "/")
}

// pyInText reports a string that is a sentence mentioning the address
// (words around it), which no client can request as it is; a command line
// that fetches it (curl, wget, iwr) is not a sentence.
func pyInText(v string) bool {
	f := strings.Fields(strings.ToLower(v))
	if len(f) < 3 {
		return false
	}
	for _, w := range f {
		switch strings.Trim(w, "\"'`;|&()") {
		case "curl", "wget", "iwr", "irm", "invoke-webrequest", "invoke-restmethod", "http", "httpie", "nc", "python", "python3":
			return false
		}
	}
	return true
}

// pyRequestCall reports a call that can open a connection: an HTTP
// client, a socket connect, or a process (curl, wget) started from Python.
func pyRequestCall(m *python.Module, c *python.Call) bool {
	return pyfacts.NetSink(m, c) || pyfacts.SubprocessCalls[c.Name] || pyfacts.ShellStringCalls[c.Name] ||
		pyfacts.HasSuffixAny(c.Name, ".connect", ".create_connection", ".urlopen", ".request", ".fetch") ||
		strings.HasSuffix(c.Name, ".get") && !pyDictGet(m, c)
}

// pyDictGet reports a .get call with a default argument or a key that is
// not a URL: a mapping lookup (sev_marker.get(check.severity, "")), not a
// request.
func pyDictGet(m *python.Module, c *python.Call) bool {
	if len(c.Args) == 2 && c.Args[1].Keyword == "" {
		return true
	}
	if len(c.Args) >= 1 {
		if s, ok := m.Fold(c.Args[0].Start, c.Args[0].End); ok && !strings.Contains(s, "://") && !strings.Contains(s, "/") {
			return true
		}
	}
	return false
}
