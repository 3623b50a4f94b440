package rules

import (
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/pyfacts"
	"github.com/skillvet/skillvet/intel"
	"github.com/skillvet/skillvet/parse/python"
)

// PythonCapabilities records what Python code can do, without judging it.
var PythonCapabilities = register(&analyzer.Rule{
	ID:       "SV800",
	Name:     "python-capabilities",
	Title:    "Capabilities of Python code (network, credentials, processes)",
	Severity: Info,
	Category: analyzer.CatExfiltration,
	Evidence: analyzer.EvCapability,
	Tags:     []string{"capability", "python"},
	Inputs:   analyzer.InPython,
	Doc: `Records, for every Python file (embedded code included), what the code can do — it
reports no finding of its own:

- ` + "`net-send`" + ` / ` + "`net-fetch`" + ` with the destination host, for HTTP clients, sockets, SMTP and FTP
  calls whose URL or host can be worked out (a call that carries a payload sends; a
  ` + "`urllib.request.Request`" + ` object counts where it is opened, not where it is only built);
- ` + "`read-secret`" + ` for a credential file opened for reading (` + "`~/.ssh/id_*`" + `, ` + "`~/.aws/credentials`" + `,
  browser and wallet stores; public SSH material is not a secret) and for an environment
  variable whose name says it holds one (` + "`env:GITHUB_TOKEN`" + `);
- ` + "`read-env`" + ` when the whole environment is taken (` + "`dict(os.environ)`" + `, ` + "`os.environ.copy()`" + `), but
  not when the copy is only a child process's environment (` + "`env=os.environ.copy()`" + `, or a copy
  changed key by key and passed as ` + "`env=`" + `): the child inherits it anyway;
  setting or patching it is not reading it (` + "`os.environ[K] = v`" + `, ` + "`os.environ.update(…)`" + `,
  ` + "`patch.dict(os.environ, {…})`" + ` in a test);
- ` + "`exec`" + ` with the program of a list-form process call.

Capabilities are listed per skill in the JSON report, the HTML audit and the MCP server, compared between versions
(what an update adds) and combined by the correlation rules (SV801 and on) into chains that
block: a credential read here and data sent to a foreign host elsewhere.`,
	Run: runPythonCapabilities,
})

func runPythonCapabilities(p *analyzer.Pass) error {
	m := pyfacts.Module(p)
	if m == nil {
		return nil
	}
	for _, c := range m.Calls {
		start, _ := m.Span(c)
		switch {
		case pyfacts.NetSink(m, c):
			host := ""
			if u := pyfacts.SinkURL(m, c); u != "" {
				host, _ = intel.URLClass(u)
			}
			if host == "" {
				continue
			}
			kind := analyzer.CapNetFetch
			if pyfacts.Sends(m, c) {
				kind = analyzer.CapNetSend
			}
			p.Capability(kind, host, start)
		case pyfacts.Openish(c.Name) || pyfacts.FileCalls[c.Name]:
			if pyfacts.IsWriteMode(pyfacts.OpenMode(m, c)) {
				continue
			}
			a, ok := c.Arg(0, "file")
			if !ok {
				continue
			}
			for _, path := range pyfacts.PathOf(m, a.Start, a.End, 2) {
				if _, s, e, ok := intel.MatchSecretCredentialPath(path); ok {
					p.Capability(analyzer.CapReadSecret, secretPathTarget(intel.PathToken(path, s, e)), start)
					break
				}
			}
		case pyfacts.SubprocessCalls[c.Name]:
			a, ok := c.Arg(0, "args")
			if !ok {
				continue
			}
			for _, slot := range pyfacts.ProgramSlots(m, a.Start, a.End) {
				if prog, ok := m.Fold(slot[0], slot[1]); ok && pyfacts.CommandWord(prog) != "" {
					p.Capability(analyzer.CapExec, pyfacts.BaseName(pyfacts.CommandWord(prog)), start)
				}
			}
		}
	}
	for _, r := range m.Refs {
		if pyfacts.EnvWrite(m, r) {
			continue // os.environ[K] = v, patch.dict(os.environ, ...): setting, not reading
		}
		start := m.Toks[r.Tok].Start
		switch {
		case r.Name == "os.environ" && r.HasKey || (r.Name == "os.getenv" || r.Name == "os.environ.get") && r.Call:
			name := r.Key
			if !r.HasKey {
				name = firstStringArg(m, r)
			}
			if name != "" && intel.SecretEnvName(name) {
				p.Capability(analyzer.CapReadSecret, "env:"+name, start)
			}
		case r.Name == "os.environ.copy" || r.Name == "os.environ.items" || r.Name == "os.environ.values" ||
			r.Name == "os.environ" && !r.HasKey && !r.Call && wholeEnvUse(m, r):
			if r.Name != "os.environ.items" && r.Name != "os.environ.values" && childEnv(m, r) {
				continue // handed to a child process, which inherits it anyway
			}
			p.Capability(analyzer.CapReadEnv, "environment", start)
		}
	}
	return nil
}

// secretPathTarget writes a credential path the way capabilities name
// them: the home directory as ~.
func secretPathTarget(path string) string {
	for _, pre := range []string{"os.path.expanduser(", "Path.home() / ", "Path.home()/"} {
		path = strings.TrimPrefix(path, pre)
	}
	path = strings.Trim(path, `"'()`)
	if i := strings.Index(path, "/.ssh/"); i > 0 && !strings.HasPrefix(path, "~") {
		path = "~" + path[i:]
	}
	return path
}

// firstStringArg is the folded first argument of the call a reference
// makes (os.getenv("TOKEN")).
func firstStringArg(m *python.Module, r python.Ref) string {
	c := m.CallAt(r.End)
	if c == nil {
		return ""
	}
	a, ok := c.Arg(0, "key")
	if !ok {
		return ""
	}
	v, _ := m.Fold(a.Start, a.End)
	return v
}

// wholeEnvUse reports os.environ taken whole: passed to a call
// (dict(os.environ), json.dumps(os.environ)) rather than read by key or
// handed to a subprocess as env=.
// childEnv reports whether a copy of the whole environment is only the
// environment of a child process: the value of an env= keyword
// (env=os.environ.copy(), env={**os.environ, "K": v}), or of a variable
// that is otherwise only changed key by key and then passed as env=
// (env = os.environ.copy(); env["PATH"] = p; run(cmd, env=env)). The child
// inherits the environment without it; nothing leaves the process.
func childEnv(m *python.Module, r python.Ref) bool {
	head := r.Tok
	if head >= 2 && m.Is(head-1, "**") && m.Is(head-2, "{") {
		head -= 2 // {**os.environ, ...}
	}
	if head < 2 || !m.Is(head-1, "=") {
		return false
	}
	if m.Toks[head-2].Kind != python.Name {
		return false
	}
	name := m.Text(head - 2)
	if m.Is(head-3, "(") || m.Is(head-3, ",") {
		return name == "env" // a keyword argument
	}
	// an assignment statement: every other use of the name must be a
	// key-by-key change or an env= argument
	passed := false
	for i := range m.Toks {
		if i == head-2 || m.Toks[i].Kind != python.Name || m.Text(i) != name || m.Is(i-1, ".") {
			continue
		}
		switch {
		case m.Is(i-1, "=") && i >= 2 && m.Text(i-2) == "env" && (m.Is(i-3, "(") || m.Is(i-3, ",")):
			passed = true
		case m.Is(i+1, "=") && !m.Is(i-1, "."):
			// another binding of the name: judged at its own reference
		case m.Is(i+1, "[") && m.Match[i+1] > 0 && m.Is(int(m.Match[i+1])+1, "="):
			// env["K"] = v
		case m.Is(i+1, ".") && (m.Is(i+2, "update") || m.Is(i+2, "setdefault") || m.Is(i+2, "pop")):
		default:
			return false
		}
	}
	return passed
}

func wholeEnvUse(m *python.Module, r python.Ref) bool {
	if r.Tok == 0 || r.End >= len(m.Toks) {
		return false
	}
	if m.Is(r.End, ".") || m.Is(r.End, "[") {
		return false
	}
	prev := r.Tok - 1
	if m.Is(prev, "=") && prev > 0 && m.Toks[prev-1].Kind == python.Name && m.Text(prev-1) == "env" {
		return false // subprocess.run(..., env=os.environ)
	}
	return m.Is(prev, "(") || m.Is(prev, ",")
}
