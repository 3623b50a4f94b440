package rules

import (
	"regexp"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
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

var pyWalkCalls = map[string]bool{"os.walk": true, "os.scandir": true, "os.listdir": true, "glob.glob": true,
	"glob.iglob": true, "os.fwalk": true, "pathlib.Path.home().rglob": true, "pathlib.Path.home().glob": true,
	"pathlib.Path.home().iterdir": true, "Path.home().rglob": true, "Path.home().glob": true, "Path.home().iterdir": true}

var pyBroadRoots = regexp.MustCompile(`(?i)^(~|/|/home|/users|c:/users|c:/)/?$`)

var pySecretPatternRx = regexp.MustCompile(`(?i)(^|[/*.])(\.env\b|id_rsa|id_ed25519|id_ecdsa|\.pem$|\*\.pem|\.key$|\*\.key|\.p12|\.pfx|wallet|keystore|credentials|\.kdbx|login data|cookies|\.npmrc|\.netrc|\.git-credentials|secret|token)`)

// pySecretWords prefilter strings before pySecretPatternRx.
var pySecretWords = []string{".env", "id_", ".pem", ".key", ".p12", ".pfx", "wallet", "keystore", "credentials", ".kdbx",
	"login data", "cookies", ".npmrc", ".netrc", "git-credentials", "secret", "token"}

func runPythonHomeEnumeration(p *analyzer.Pass) error {
	m := pyModule(p)
	if m == nil {
		return nil
	}
	var fileSecrets string // secret names the file filters for
	for i := range m.Toks {
		if m.Toks[i].Kind == python.String {
			v, _ := m.Value(i)
			if len(v) < 40 && !strings.Contains(v, " ") && pyContainsAny(strings.ToLower(v), pySecretWords) && pySecretPatternRx.MatchString(v) {
				fileSecrets = v
				break
			}
		}
	}
	for _, c := range m.Calls {
		root, pattern, ok := pyWalkRoot(m, c)
		if !ok {
			continue
		}
		start, end := m.Span(c)
		switch {
		case pattern != "" && pySecretPatternRx.MatchString(pattern):
			pyReport(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: High,
				Message: "searches " + root + " for secret files (" + clipStr(pattern, 60) + ")"})
		case fileSecrets != "":
			pyReport(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: High,
				Message: "walks " + root + " in a file that looks for secret files (" + clipStr(fileSecrets, 40) + ")"})
		default:
			pyReport(p, m, analyzer.Diagnostic{Start: start, End: end, Message: "walks " + root})
		}
	}
	return nil
}

// pyWalkRoot returns the broad root a call enumerates and, for globs and
// find, the name pattern.
func pyWalkRoot(m *python.Module, c *python.Call) (root, pattern string, ok bool) {
	describe := func(p string) string {
		if strings.HasPrefix(p, "~") {
			return "the home directory"
		}
		return "the file system (" + p + ")"
	}
	switch {
	case pyWalkCalls[c.Name]:
		if strings.HasSuffix(c.Name, "glob") || strings.HasSuffix(c.Name, "iterdir") {
			if strings.Contains(c.Name, "home()") {
				pat := ""
				if a, ok := c.Arg(0, "pattern"); ok {
					pat, _ = m.Fold(a.Start, a.End)
				}
				return "the home directory", pat, true
			}
			a, ok := c.Arg(0, "pathname")
			if !ok {
				return "", "", false
			}
			for _, pt := range pyPathOf(m, a.Start, a.End, 1) {
				dir, pat := pt, ""
				if i := strings.IndexAny(pt, "*?["); i >= 0 {
					dir = pt[:strings.LastIndexByte(pt[:i], '/')+1]
					pat = pt[len(dir):]
				}
				if pyBroadRoots.MatchString(dir) && (pat != "" || strings.HasSuffix(c.Name, "iterdir")) {
					return describe(dir), pat, true
				}
			}
			return "", "", false
		}
		a, ok := c.Arg(0, "top")
		if !ok {
			if a, ok = c.Kwarg("path"); !ok {
				return "", "", false
			}
		}
		for _, pt := range pyPathOf(m, a.Start, a.End, 1) {
			if pyBroadRoots.MatchString(pt) {
				return describe(pt), "", true
			}
		}
	case hasSuffixAny(c.Name, ".rglob", ".glob", ".iterdir", ".walk"):
		for _, pt := range pyPathOf(m, c.Head, c.Open, 1) {
			if pyBroadRoots.MatchString(pt) {
				pat := ""
				if a, ok := c.Arg(0, "pattern"); ok {
					pat, _ = m.Fold(a.Start, a.End)
				}
				return describe(pt), pat, true
			}
		}
	case pySubprocessCalls[c.Name] || pyShellStringCalls[c.Name]:
		a, ok := c.Arg(0, "args")
		if !ok {
			return "", "", false
		}
		var words []string
		if items, ok := argList(m, a); ok {
			for _, it := range items {
				w := pathText(m, it[0], it[1])
				words = append(words, w)
			}
		} else if s, ok := m.Fold(a.Start, a.End); ok {
			words = strings.Fields(s)
		}
		if len(words) >= 2 && baseName(words[0]) == "find" && pyBroadRoots.MatchString(homeRx.ReplaceAllString(words[1], "~")) {
			return describe(words[1]), strings.Join(words[2:], " "), true
		}
	}
	return "", "", false
}
