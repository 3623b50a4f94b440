package rules

import (
	"github.com/skillvet/skillvet/facts/match"
	"strings"

	"github.com/dop251/goja/ast"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/jsfacts"
	"github.com/skillvet/skillvet/parse/js"
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
  Also high: the environment filtered down to the variables whose names look
  secret (` + "`/TOKEN|KEY|SECRET/.test(k)`" + `) with their values kept — a harvest of every
  credential, not a lookup of one (noted when the result is hidden in an HTML comment);
- **medium**: ` + "`.npmrc`/`.pypirc`" + `, shell history, a ` + "`.env`" + ` file in the home directory, the whole
  environment serialised (` + "`JSON.stringify(process.env)`" + `, ` + "`Object.entries(process.env)`" + `,
  for-in), or a listing of the home directory (high when the file matches the
  names it finds against several credential file names: ` + "`.env`, `id_rsa`, `.npmrc`" + `, …;
  a recursive walker started at the home directory counts as a listing);
- **low**: a project-local ` + "`.env`" + ` file.

Paths are evaluated: ` + "`path.join(os.homedir(), '.ss' + 'h', 'id_rsa')`" + ` is ` + "`~/.ssh/id_rsa`" + `.
SSH material that is public by design (` + "`known_hosts`, `authorized_keys`" + `, a ` + "`*.pub`" + ` key,
the client ` + "`config`" + `) holds no secret: reading it is not reported; the path is cleaned
first, so ` + "`~/.ssh/known_hosts/../id_rsa`" + ` is still a private key.

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

func runJSCredentialAccess(p *analyzer.Pass) error {
	v := jsfacts.Of(p)
	if v == nil {
		return nil
	}
	harvest := jsSecretEnvHarvest(v)
	for _, c := range v.Info.Calls() {
		if err := v.Pass.Context().Err(); err != nil {
			return err
		}
		if label, ok := v.CredRead(c); ok {
			sev := High
			if jsfacts.MediumCreds[label] {
				sev = Medium
				if label == "dotenv file" {
					if path, ok := v.PathStr(c.ArgumentList[0]); !ok || !strings.HasPrefix(path, "~") {
						sev = Low
					}
				}
			}
			v.Report(c, sev, "reads "+label)
			continue
		}
		if label, ok := v.CredList(c); ok && !jsfacts.MediumCreds[label] && label != "browser profile" {
			v.Report(c, High, "lists the files of a "+strings.TrimSuffix(label, " store")+" store")
			continue
		}
		if v.HomeWalk(c) {
			if names := v.CredNameHunt(); len(names) >= 2 {
				v.Report(c, High, "walks the home directory looking for credential files ("+strings.Join(names, ", ")+")")
			} else {
				v.Report(c, Medium, "lists the home directory")
			}
			continue
		}
		callee := v.Callee(c)
		if why, ok := harvest[c]; ok {
			v.Report(c, High, "collects every environment variable whose name looks secret ("+why+"), values included")
			continue
		}
		switch callee {
		case "JSON.stringify", "Object.entries", "Object.values", "Object.assign":
			for _, a := range c.ArgumentList {
				if v.Info.Resolve(a) == "process.env" && !jsInEnvOption(v, c) {
					v.Report(c, Medium, "collects the whole environment ("+callee+")")
					break
				}
			}
		}
	}
	jsWalkFor(v, func(n *ast.ForInStatement) {
		if v.Info.Resolve(n.Source) == "process.env" {
			v.Report(n, Medium, "iterates over the whole environment")
		}
	})
	return nil
}

// jsInEnvOption reports Object.assign({}, process.env, …) passed as the env
// of a child process: ordinary.
func jsInEnvOption(v *jsfacts.View, c *ast.CallExpression) bool {
	if v.Callee(c) != "Object.assign" {
		return false
	}
	for _, s := range v.Info.Calls() {
		if jsfacts.ChildProcessCall(v.Callee(s)) == "" {
			continue
		}
		for _, a := range s.ArgumentList {
			e := v.ObjProp(a, "env")
			if id, ok := e.(*ast.Identifier); ok {
				if def := v.Info.SingleDef(id); def != nil {
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

func jsWalkFor(v *jsfacts.View, fn func(*ast.ForInStatement)) {
	v.EachNode(func(n ast.Node) {
		if f, ok := n.(*ast.ForInStatement); ok {
			fn(f)
		}
	})
}

// jsSecretName matches a filter that selects secret-looking variable names.
var jsSecretName = match.MustRx(`(?i)token|secret|passw|api_?key|\bkey\b|key\||\|key|credential|private`)

var jsNegated = match.MustRx(`![^=]`)

// jsFilterTerms returns what a filter callback tests names against: its
// string, template and regular-expression literals and the names it
// refers to other than its own parameters. ([key]) => key.startsWith('APP_')
// tests for "APP_", whatever its parameter is called.
func jsFilterTerms(cb ast.Expression) string {
	params := map[string]bool{}
	if pl := js.ParamList(cb); pl != nil {
		js.Walk(pl, func(n ast.Node, _ []ast.Node) bool {
			if id, ok := n.(*ast.Identifier); ok {
				params[id.Name.String()] = true
			}
			return true
		})
	}
	var terms []string
	js.Walk(cb, func(n ast.Node, _ []ast.Node) bool {
		switch x := n.(type) {
		case *ast.ParameterList:
			return false
		case *ast.StringLiteral:
			terms = append(terms, x.Value.String())
		case *ast.RegExpLiteral:
			terms = append(terms, x.Pattern)
		case *ast.TemplateElement:
			terms = append(terms, x.Parsed.String())
		case *ast.Identifier:
			if !params[x.Name.String()] {
				terms = append(terms, x.Name.String())
			}
		}
		return true
	})
	return strings.Join(terms, " ")
}

// jsSecretEnvHarvest finds Object.entries(process.env) / Object.keys(process.env)
// chains that keep the variables whose names look secret, values
// included: .filter(([k]) => /TOKEN|KEY|SECRET/.test(k)) followed by no map,
// or a map that keeps the value. A map to the names alone (listing which
// secrets are set) is not a harvest.
func jsSecretEnvHarvest(v *jsfacts.View) map[*ast.CallExpression]string {
	out := map[*ast.CallExpression]string{}
	js.Walk(v.Prog.AST, func(n ast.Node, parents []ast.Node) bool {
		src, ok := n.(*ast.CallExpression)
		if !ok {
			return true
		}
		kind := v.Callee(src)
		if kind != "Object.entries" && kind != "Object.keys" || len(src.ArgumentList) == 0 || v.Info.Resolve(src.ArgumentList[0]) != "process.env" {
			return true
		}
		// walk the method chain outwards: src.filter(...).map(...)...
		filtered, keepsValue := "", kind == "Object.entries"
		var cur ast.Expression = src
		for i := len(parents) - 1; i >= 1; i -= 2 {
			dot, ok := parents[i].(*ast.DotExpression)
			if !ok || dot.Left != cur {
				break
			}
			call, ok := parents[i-1].(*ast.CallExpression)
			if !ok || call.Callee != ast.Expression(dot) || len(call.ArgumentList) == 0 {
				break
			}
			cb := call.ArgumentList[0]
			switch dot.Identifier.Name.String() {
			case "filter":
				// a negated test (!/SECRET/.test(k)) drops the secrets instead
				if cs := v.Src(cb); jsSecretName.MatchString(jsFilterTerms(cb)) && !jsNegated.MatchString(cs) {
					filtered = v.Src(cb)
				}
			case "map", "flatMap", "forEach", "reduce":
				keepsValue = jsMapKeepsValue(v, cb, kind)
			}
			cur = call
		}
		if filtered != "" && keepsValue {
			why := "filtered by name"
			if jsHiddenInComment(v, cur) {
				why += ", then hidden in an HTML comment"
			}
			out[src] = why
		}
		return true
	})
	return out
}

// jsMapKeepsValue reports whether a map callback over environment entries
// (or keys) keeps the variable's value.
func jsMapKeepsValue(v *jsfacts.View, cb ast.Expression, kind string) bool {
	var pl *ast.ParameterList
	var body ast.Node
	switch f := cb.(type) {
	case *ast.ArrowFunctionLiteral:
		pl, body = f.ParameterList, f.Body
	case *ast.FunctionLiteral:
		pl, body = f.ParameterList, f.Body
	default:
		return true // a named function: assume it keeps the value
	}
	if kind == "Object.keys" {
		// the value comes back only through process.env[k]
		found := false
		jsfacts.WalkNodes(body, func(n ast.Node) {
			if b, ok := n.(*ast.BracketExpression); ok && v.Info.Resolve(b.Left) == "process.env" {
				found = true
			}
		})
		return found
	}
	if pl == nil || len(pl.List) == 0 {
		return false
	}
	if ap, ok := pl.List[0].Target.(*ast.ArrayPattern); ok {
		return len(ap.Elements) > 1 && ap.Elements[1] != nil
	}
	return true
}

// jsHiddenInComment reports that e flows into a template literal inside an
// HTML comment (<!-- ... ${e} ... -->), where a rendered page hides it.
func jsHiddenInComment(v *jsfacts.View, e ast.Expression) bool {
	hidden := false
	v.EachNode(func(n ast.Node) {
		tl, ok := n.(*ast.TemplateLiteral)
		if !ok || hidden {
			return
		}
		var before strings.Builder
		for i, x := range tl.Expressions {
			before.WriteString(tl.Elements[i].Parsed.String())
			b := before.String()
			open := strings.LastIndex(b, "<!--")
			if open < 0 || strings.Contains(b[open:], "-->") {
				continue
			}
			v.Info.Reach(x, func(y ast.Expression) bool {
				if y == e {
					hidden = true
				}
				return !hidden
			})
		}
	})
	return hidden
}
