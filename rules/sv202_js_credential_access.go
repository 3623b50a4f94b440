package rules

import (
	"strings"

	"github.com/dop251/goja/ast"

	"github.com/skillvet/skillvet/analyzer"
)

// JSCredentialAccess reports JavaScript that reads credential stores,
// collects the whole environment or lists the home directory.
var JSCredentialAccess = register(&analyzer.Rule{
	ID:       "SV202",
	Name:     "js-credential-access",
	Title:    "JavaScript reads credential files, the whole environment or the home directory",
	Severity: High,
	Category: analyzer.CatCredentialFiles,
	Tags:     []string{"security", "CWE-522", "CWE-200"},
	Inputs:   analyzer.InJS,
	Doc: `A JavaScript or TypeScript file reads secrets it has little reason to touch,
whether or not it sends them anywhere (SV201 reports the sending):

- **high**: SSH keys, cloud credentials (AWS, GCP, Azure, Kubernetes, Docker), CLI
  tokens (gh, git-credentials, netrc), browser profiles and extension stores, crypto
  wallets, password managers, keychains, GPG keys, agent credentials;
  A directory listing of such a store (the extension settings of a wallet
  extension, a wallet directory) is high too: it is how a stealer finds the files;
- **medium**: ` + "`.npmrc`/`.pypirc`" + `, shell history, a ` + "`.env`" + ` file in the home directory, the whole
  environment serialised (` + "`JSON.stringify(process.env)`" + `, ` + "`Object.entries(process.env)`" + `,
  for-in), or a listing of the home directory;
- **low**: a project-local ` + "`.env`" + ` file.

Paths are evaluated: ` + "`path.join(os.homedir(), '.ss' + 'h', 'id_rsa')`" + ` is ` + "`~/.ssh/id_rsa`" + `.

**Fix:** ask the user for the one value the skill needs (an API key in one named
environment variable) instead of reading stores.

Bad:

` + "```js" + `
fs.readFileSync(path.join(os.homedir(), '.aws', 'credentials'), 'utf8');
` + "```" + `

Good:

` + "```js" + `
const key = process.env.WEATHER_API_KEY;
` + "```",
	Run: runJSCredentialAccess,
})

var jsMediumCreds = map[string]bool{"npm token": true, "PyPI token": true, "shell history": true, "dotenv file": true}

func runJSCredentialAccess(p *analyzer.Pass) error {
	v := jsOf(p)
	if v == nil {
		return nil
	}
	for _, c := range v.in.Calls() {
		if err := v.p.Context().Err(); err != nil {
			return err
		}
		if label, ok := v.credRead(c); ok {
			sev := High
			if jsMediumCreds[label] {
				sev = Medium
				if label == "dotenv file" {
					if path, ok := v.pathStr(c.ArgumentList[0]); !ok || !strings.HasPrefix(path, "~") {
						sev = Low
					}
				}
			}
			v.report(c, sev, "reads "+label)
			continue
		}
		if label, ok := v.credList(c); ok && !jsMediumCreds[label] && label != "browser profile" {
			v.report(c, High, "lists the files of a "+strings.TrimSuffix(label, " store")+" store")
			continue
		}
		if v.homeWalk(c) {
			v.report(c, Medium, "lists the home directory")
			continue
		}
		callee := v.callee(c)
		switch callee {
		case "JSON.stringify", "Object.entries", "Object.values", "Object.assign":
			for _, a := range c.ArgumentList {
				if v.in.Resolve(a) == "process.env" && !v.inEnvOption(c) {
					v.report(c, Medium, "collects the whole environment ("+callee+")")
					break
				}
			}
		}
	}
	js := v.prog.AST
	jsWalkFor(js, func(n *ast.ForInStatement) {
		if v.in.Resolve(n.Source) == "process.env" {
			v.report(n, Medium, "iterates over the whole environment")
		}
	})
	return nil
}

// inEnvOption reports Object.assign({}, process.env, …) passed as the env
// of a child process: ordinary.
func (v *jsView) inEnvOption(c *ast.CallExpression) bool {
	if v.callee(c) != "Object.assign" {
		return false
	}
	for _, s := range v.in.Calls() {
		if jsChildProcessCall(v.callee(s)) == "" {
			continue
		}
		for _, a := range s.ArgumentList {
			e := v.objProp(a, "env")
			if id, ok := e.(*ast.Identifier); ok {
				if def := v.in.SingleDef(id); def != nil {
					e = def.Init
				}
			}
			if e == ast.Expression(c) {
				return true
			}
		}
	}
	return false
}

func jsWalkFor(root ast.Node, fn func(*ast.ForInStatement)) {
	jsWalkNodes(root, func(n ast.Node) {
		if f, ok := n.(*ast.ForInStatement); ok {
			fn(f)
		}
	})
}
