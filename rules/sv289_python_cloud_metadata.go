package rules

import (
	"github.com/skillvet/skillvet/facts/match"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/pyfacts"
	"github.com/skillvet/skillvet/intel"
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
- **high** otherwise: the address reaches the destination of a request or process in the file —
  its URL or host, directly, through variables, string building (` + "`BASE + 'iam/…'`" + `), a loop over a
  list of addresses that are each requested, a helper's parameter — or the file makes no request
  but holds the address in a form a client can use (a URL, a ` + "`curl`" + ` command line);
- **medium** for a URL written out in full whose path asks for one instance fact (the spot
  termination notice, the instance id, type, region or placement; the paths SV253 also reads as
  facts), in a file that neither asks for credentials nor sends data: a shutdown hook or a health
  check. A root (` + "`/latest/meta-data/`" + `) or a fact path that code extends with ` + "`+`" + `, ` + "`%`" + ` or
  ` + "`.format`" + ` stays high;
- **medium** when the address is data in the file's requests, not where they go: it reaches them
  only as a query parameter (` + "`params=`" + `, after the ` + "`?`" + ` of the URL), a body or a header sent to
  another destination, or it is one entry in a list of assorted test addresses (loopback, private
  networks, ` + "`file://`" + `) that no request uses as its destination — an SSRF test that asks a target
  to fetch the metadata service. Not when another module of the skill imports the list, which may
  request it;
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
	// where each address goes: the destination of a request, or data
	// sent to some other destination
	isHit := map[int]bool{}
	for _, i := range hits {
		isHit[i] = true
	}
	roles := map[int]uint8{}
	complete := pyfacts.RequestLiterals(m, func(c *python.Call) bool { return pyRequestCall(m, c) }, func(tok int, role pyfacts.LiteralRole) {
		if isHit[tok] {
			roles[tok] |= 1 << role
		}
	})
	for _, i := range hits {
		v, _ := m.Value(i)
		host := pyMetadataRx.FindString(v)
		dest := roles[i]&(1<<pyfacts.LiteralDestination) != 0
		if !dest && (pyBareHost(v, host) || pyInText(v)) && !pyfacts.ReachesCall(m, i, func(c *python.Call) bool { return pyRequestCall(m, c) }) {
			pyfacts.Report(p, m, analyzer.Diagnostic{Start: m.Toks[i].Start, End: m.Toks[i].End, Severity: Low,
				Message: "names the cloud metadata address (" + host + ") as data: no request in this file uses it (a blocklist, a comparison, a sentence)"})
			continue
		}
		if !dest && complete && !pyfacts.ImportedElsewhere(p, m, pyfacts.DefinitionsHolding(m, i)) {
			switch {
			case roles[i]&(1<<pyfacts.LiteralData) != 0:
				pyfacts.Report(p, m, analyzer.Diagnostic{Start: m.Toks[i].Start, End: m.Toks[i].End, Severity: Medium,
					Message: "names the cloud metadata address (" + host + ") as data: requests in this file send it as a parameter, body or header to another destination, and none is aimed at it"})
				continue
			case pyAddressValue(v, host) && pyAssortedEntry(m, i):
				pyfacts.Report(p, m, analyzer.Diagnostic{Start: m.Toks[i].Start, End: m.Toks[i].End, Severity: Medium,
					Message: "names the cloud metadata address (" + host + ") as data: one entry in a list of assorted addresses (test inputs) that no request in this file is aimed at"})
				continue
			}
		}
		sev, msg := High, "queries the cloud metadata service ("+host+")"
		switch {
		case cred:
			sev, msg = Critical, msg+" for instance credentials"
		case sink:
			sev, msg = Critical, msg+" in a file that sends data over the network"
		case pyMetaInstanceFacts(m, i, v, host):
			// the spot termination notice, the instance's id or region:
			// what health checks and shutdown hooks read, and nothing
			// in the file sends it on
			sev, msg = Medium, msg+" for instance facts, not credentials"
		}
		pyfacts.Report(p, m, analyzer.Diagnostic{Start: m.Toks[i].Start, End: m.Toks[i].End, Severity: sev, Message: msg})
	}
	return nil
}

// pyMetaInstanceFacts reports a metadata URL written out in full whose
// path asks for one instance fact (intel.MetadataPathRole: the spot
// termination time, the instance id, type or region) rather than
// credentials, user data or a listing: a constant, not a base that code
// extends ("+", "%", .format, an f-string's fields) with a path chosen
// elsewhere.
func pyMetaInstanceFacts(m *python.Module, i int, v, host string) bool {
	if !pyAddressValue(v, host) || !strings.Contains(v, "://") || strings.ContainsAny(v, "{}%") ||
		intel.MetadataPathRole(v) != intel.MetaInfo {
		return false
	}
	if i > 0 && m.Is(i-1, "+") || i+1 < len(m.Toks) && (m.Is(i+1, "+") || m.Is(i+1, "%") || m.Is(i+1, ".")) {
		return false
	}
	_, path, _ := strings.Cut(strings.ToLower(v[strings.Index(strings.ToLower(v), strings.ToLower(host))+len(host):]), "/")
	path, _, _ = strings.Cut(path, "?")
	switch strings.Trim(path, "/") {
	case "", "latest", "latest/meta-data", "latest/dynamic", "computemetadata/v1", "computemetadata/v1/instance",
		"computemetadata/v1/project", "metadata/instance", "metadata/v1":
		return false // a root: a base for other paths, or a listing
	}
	return true
}

// pyAddressValue reports a string that is an address and nothing else: a
// URL or a bare host, not a command line or a sentence.
func pyAddressValue(v, host string) bool {
	v = strings.TrimSpace(v)
	return !strings.ContainsAny(v, " \t\n") && (strings.Contains(v, "://") || pyBareHost(v, host))
}

// pyAssortedEntry reports a string that is one entry in a list (a list of
// tuples included: [("imds", url, note), ...]) whose other entries hold
// addresses of other kinds — loopback, private networks, file:// URLs — as
// a list of test inputs does. A list of metadata endpoints alone is not
// assorted.
func pyAssortedEntry(m *python.Module, i int) bool {
	open := pyEnclosingBracket(m, i)
	if open < 0 {
		return false
	}
	if m.Is(open, "(") {
		// a tuple: the list that holds it
		if up := pyEnclosingBracket(m, open); up >= 0 && !m.Is(up, "(") {
			open = up
		}
	}
	if !m.Is(open, "[") && !m.Is(open, "{") && !(m.Is(open, "(") && pyGroupParen(m, open)) {
		return false
	}
	end := int(m.Match[open])
	if end < 0 || end-open > 1<<14 {
		return false
	}
	for k := open + 1; k < end; k++ {
		if k == i || m.Toks[k].Kind != python.String {
			continue
		}
		w, _ := m.Value(k)
		w = strings.TrimSpace(w)
		if pyMetadataRx.MatchString(w) || strings.ContainsAny(w, " \t\n") {
			continue
		}
		if strings.Contains(w, "://") || pyfacts.HostLitRx.MatchString(w) {
			return true
		}
	}
	return false
}

// pyEnclosingBracket returns the opening bracket that directly holds
// token i, or -1.
func pyEnclosingBracket(m *python.Module, i int) int {
	d := m.Toks[i].Depth
	for j := i - 1; j >= 0 && i-j < 1<<14; j-- {
		if m.Toks[j].Depth < d {
			if m.Match[j] > int32(i) {
				return j
			}
			return -1
		}
	}
	return -1
}

// pyGroupParen reports a parenthesis that opens a tuple or a group, not a
// call's arguments.
func pyGroupParen(m *python.Module, open int) bool {
	if open == 0 {
		return true
	}
	p := m.Toks[open-1]
	switch p.Kind {
	case python.Name, python.String:
		return p.Kind == python.Name && (m.Is(open-1, "in") || m.Is(open-1, "return") || m.Is(open-1, "yield"))
	case python.Op:
		return !m.Is(open-1, ")") && !m.Is(open-1, "]")
	}
	return true
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
