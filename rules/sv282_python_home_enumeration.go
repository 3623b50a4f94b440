package rules

import (
	"github.com/skillvet/skillvet/facts/match"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/pyfacts"
	"github.com/skillvet/skillvet/parse/python"
)

// PythonHomeEnumeration reports walks and globs over the home directory or
// the whole file system.
var PythonHomeEnumeration = register(&analyzer.Rule{
	ID:       "SV282",
	Name:     "python-home-enumeration",
	Title:    "Python walks the home directory or file system",
	Severity: Medium,
	Category: analyzer.CatFSEnumeration,
	Tags:     []string{"security", "python", "CWE-538", "CWE-552"},
	Inputs:   analyzer.InPython,
	Doc: `Python code enumerates the user's home directory (or ` + "`/`" + `, ` + "`/home`" + `, ` + "`/Users`" + `,
` + "`C:\\Users`" + `): ` + "`os.walk(os.path.expanduser('~'))`" + `, ` + "`os.scandir`" + `/` + "`os.listdir`" + ` of home,
` + "`glob.glob('~/**/.env', recursive=True)`" + `, ` + "`Path.home().rglob(...)`" + `, or ` + "`find ~ -name …`" + ` run
through ` + "`subprocess`" + `. Sweeping the home directory is how stealers find ` + "`.env`" + ` files,
private keys and wallets wherever they are.

- **high** when the sweep looks for secrets: ` + "`.env`" + `, ` + "`id_rsa`" + `, ` + "`*.pem`" + `, ` + "`*.key`" + `, wallets,
  ` + "`credentials`" + `, keychains, password databases (in the pattern, or as names the file
  filters for);
- **medium** otherwise.

A skill's own directories (` + "`~/.cache/my-skill`" + `), the project tree (` + "`os.walk('.')`" + `) and
paths the user passes in are not reported.

**Fix:** work on the directory the user names, or on the project.

Bad:

` + "```python" + `
import glob, os
found = glob.glob(os.path.expanduser("~/**/.env"), recursive=True)
` + "```" + `

Good:

` + "```python" + `
import os, sys
for root, dirs, files in os.walk(sys.argv[1]):
    ...
` + "```",
	Run: runPythonHomeEnumeration,
})

var pySecretPatternRx = match.MustRx(`(?i)(^|[/*.])(\.env\b|id_rsa|id_ed25519|id_ecdsa|\.pem$|\*\.pem|\.key$|\*\.key|\.p12|\.pfx|wallet|keystore|credentials|\.kdbx|login data|cookies|\.npmrc|\.netrc|\.git-credentials|secret|token)`)

// pySecretWords prefilter strings before pySecretPatternRx.
var pySecretWords = []string{".env", "id_", ".pem", ".key", ".p12", ".pfx", "wallet", "keystore", "credentials", ".kdbx",
	"login data", "cookies", ".npmrc", ".netrc", "git-credentials", "secret", "token"}

func runPythonHomeEnumeration(p *analyzer.Pass) error {
	m := pyfacts.Module(p)
	if m == nil {
		return nil
	}
	var fileSecrets string // secret names the file filters for
	for i := range m.Toks {
		if m.Toks[i].Kind == python.String {
			v, _ := m.Value(i)
			if len(v) < 40 && !strings.Contains(v, " ") && pyfacts.ContainsAny(strings.ToLower(v), pySecretWords) && pySecretPatternRx.MatchString(v) {
				fileSecrets = v
				break
			}
		}
	}
	for _, c := range m.Calls {
		root, pattern, ok := pyfacts.WalkRoot(m, c)
		if !ok {
			continue
		}
		start, end := m.Span(c)
		switch {
		case pattern != "" && pySecretPatternRx.MatchString(pattern):
			pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: High,
				Message: "searches " + root + " for secret files (" + pyfacts.ClipStr(pattern, 60) + ")"})
		case fileSecrets != "":
			pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: High,
				Message: "walks " + root + " in a file that looks for secret files (" + pyfacts.ClipStr(fileSecrets, 40) + ")"})
		default:
			pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Message: "walks " + root})
		}
	}
	return nil
}
