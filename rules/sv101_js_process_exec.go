package rules

import (
	"fmt"
	"github.com/skillvet/skillvet/facts/match"
	"path"
	"strings"

	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/token"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/jsfacts"
	"github.com/skillvet/skillvet/facts/shellfacts"
	"github.com/skillvet/skillvet/parse/js"
	"github.com/skillvet/skillvet/parse/shell"
)

// JSProcessExec reports JavaScript that starts processes through
// child_process, in any spelling, graded by what it runs.
var JSProcessExec = register(&analyzer.Rule{
	ID:       "SV101",
	Name:     "js-process-exec",
	Title:    "JavaScript starts a process (child_process)",
	Severity: High,
	Category: analyzer.CatCommandInj,
	Tags:     []string{"security", "CWE-78"},
	Inputs:   analyzer.InJS,
	Doc: `A JavaScript or TypeScript file runs a process through ` + "`child_process`" + ` (or
Bun.spawn, Deno.run, execa, shelljs, cross-spawn). The rule resolves the module
however it is reached — ` + "`node:`" + ` prefix, aliases, destructuring, computed members
(` + "`cp['ex'+'ec']`" + `), ` + "`createRequire`" + `, dynamic ` + "`import()`" + `, ` + "`process.binding('spawn_sync')`" + `,
` + "`module.constructor._load`" + ` — and grades each call by its arguments:

- **critical**: the command downloads and runs code (` + "`curl … | sh`" + `, ` + "`/dev/tcp`" + `, ` + "`nc -e`" + `,
  ` + "`base64 -d | sh`" + `), or comes from a download or a decoder (base64, char codes);
- **high**: the script's own arguments (` + "`process.argv`" + `, also through a local function's
  parameter or a destructuring) spliced into a command template it wrote, unquoted for the
  shell (command injection: ` + "`exec(\"curl \" + process.argv[2])`" + `), a shell started with a computed script, a constant command that wipes the home or
  root directory or a disk, child_process reached through a hidden name, or
  ` + "`git config --global|--system`" + ` of a key git runs as a program (` + "`core.hooksPath`" + `,
  ` + "`core.fsmonitor`" + `, ` + "`core.sshCommand`" + `, ` + "`credential.helper`" + `, a ` + "`!`" + ` alias, …): a foothold in
  every repository of the user (critical when the file also writes a script that
  downloads and runs code; **low** when the value is an ordinary pager, editor or credential
  helper such as ` + "`code --wait`" + ` or ` + "`osxkeychain`" + `; SV605 judges the stored command itself);
- **medium**: a shell command built from the skill's own values or the operator's settings
  (a weakness to review), or the script's arguments spliced only as a local path: the result
  of ` + "`path.join`/`resolve`/`dirname`" + `, or a variable the script also hands to an fs function,
  a path function (or builds such a path from: ` + "``join(root, `skills/${name}`)``" + `), a process's ` + "`cwd`" + `
  or an API's ` + "`{ path: out }`" + ` option (not an HTTP request's, whose path is part of a URL)
  (` + "`open \"${join(dir, 'index.html')}\"`" + `): the
  injection needs a hostile file name, where a URL, a query or a caption is content from
  outside and stays high (**medium** in example code of a Markdown document that no text tells
  the agent to run: a weakness for the reader to fix where they copy it); **low** when the whole command is what the user passed, or every
  outside value goes through a shell-quoting function (` + "`shellQuote(p)`" + `);
- **medium**: child_process loaded in a way the calls cannot be followed, or a
  computed program name without a shell, or a download's value passed as an argument
  to a constant program that is neither an interpreter nor a wrapper that runs its
  argument (` + "`spawn('ps', ['-p', String(peer.pid)])`" + `; ` + "`sudo`" + `, ` + "`env`" + `, ` + "`xargs`" + ` stay critical);
- **low**: a constant program with constant or data-only arguments, e.g.
  ` + "`execFile('git', ['status'])`" + `.

**Fix:** call the program directly with an argument array (` + "`execFile`/`spawn`" + ` without
` + "`shell: true`" + `), keep the program name constant, and never run downloaded or decoded text.

Bad:

` + "```js" + `
const cp = require('child' + '_process');
cp['ex' + 'ec'](Buffer.from(payload, 'base64').toString());
` + "```" + `

Good:

` + "```js" + `
const { execFile } = require('node:child_process');
execFile('git', ['status', '--short'], cb);
` + "```",
	Run: runJSProcessExec,
})

var jsShells = map[string]bool{"sh": true, "bash": true, "zsh": true, "dash": true, "ksh": true, "cmd": true,
	"cmd.exe": true, "powershell": true, "powershell.exe": true, "pwsh": true, "node": true, "python": true,
	"python3": true, "perl": true, "ruby": true}

func runJSProcessExec(p *analyzer.Pass) error {
	v := jsfacts.Of(p)
	if v == nil {
		return nil
	}
	code := string(v.Prog.Orig)
	resolvedCall := false
	lines := map[int]bool{}                    // lines that already carry an exec finding
	consumed := map[*ast.CallExpression]bool{} // loads used by a reported call
	lineOf := func(n ast.Node) int {
		if start, _, ok := v.Prog.Range(n); ok {
			return p.File.Pos(start).Line
		}
		return 0
	}
	for _, c := range v.Info.Calls() {
		if err := v.Pass.Context().Err(); err != nil {
			return err
		}
		callee, args := v.EffectiveCall(c)
		fn := jsfacts.ChildProcessCall(callee)
		if fn == "" {
			continue
		}
		resolvedCall = true
		sev, msg := jsGradeExec(v, args, callee, fn)
		if sev == High && p.File.ExampleCode() && strings.HasSuffix(msg, "(command injection)") {
			// a weakness in code a document shows (a release script in a
			// guide), not in what the skill runs; downloads, decoders and
			// dangerous constants keep their grade
			sev, msg = Medium, msg+", in example code no text tells the agent to run"
		}
		if (jsHiddenAccess(code, callee, fn) || v.CalleeHidden(c.Callee)) && sev < Critical {
			if strings.HasPrefix(callee, "module:spawn_sync") {
				msg += "; through the internal spawn_sync binding"
			} else {
				msg += "; child_process is reached through a hidden name"
			}
			sev = max(sev, High)
		}
		v.Report(c, sev, msg)
		lines[lineOf(c)] = true
		// the loads this call goes through are accounted for
		v.Info.Reach(c, func(x ast.Expression) bool {
			if lc, ok := x.(*ast.CallExpression); ok && jsfacts.ChildProcessMods[v.Info.Resolve(lc)] {
				consumed[lc] = true
			}
			return true
		})
	}
	// child_process loaded through a hidden name, or loaded in a way no call
	// could be followed (a dynamic import whose handle goes through a
	// callback, a handle passed away)
	for _, c := range v.Info.Calls() {
		if err := v.Pass.Context().Err(); err != nil {
			return err
		}
		r := v.Info.Resolve(c)
		if !jsfacts.ChildProcessMods[r] {
			continue
		}
		callee := v.Callee(c)
		if callee != "require" && callee != "process.binding" && callee != "process._linkedBinding" {
			continue
		}
		if lines[lineOf(c)] || consumed[c] {
			continue
		}
		hidden := jsHiddenAccess(code, r, "") || len(c.ArgumentList) > 0 && v.Info.Hidden(c.ArgumentList[0])
		switch {
		case r == "module:spawn_sync":
			v.Report(c, High, "loads the internal spawn_sync binding directly")
		case hidden:
			v.Report(c, High, "loads child_process through a hidden name")
		case resolvedCall:
			// calls made with child_process are reported where they are
		case strings.Contains(v.Src(c), "require") && !strings.Contains(v.Src(c), "__toESM"):
			// an ordinary require whose handle is never called here
		default:
			v.Report(c, Medium, "loads child_process dynamically; the calls made with it are not visible")
		}
	}
	return nil
}

// jsHiddenAccess reports that the module or function name never appears in
// the parsed code as plain text: it was assembled, escaped or decoded.
func jsHiddenAccess(code, callee, fn string) bool {
	if strings.HasPrefix(callee, "module:spawn_sync") {
		return true
	}
	if strings.HasPrefix(callee, "module:child_process") && !strings.Contains(code, "child_process") {
		return true
	}
	if fn != "" && strings.HasPrefix(callee, "module:child_process") && !strings.Contains(code, fn) {
		return true
	}
	return false
}

func jsGradeExec(v *jsfacts.View, args []ast.Expression, callee, fn string) (analyzer.Severity, string) {
	if len(args) == 0 {
		return Medium, fmt.Sprintf("%s() called with arguments the scanner cannot see", fn)
	}
	a0 := args[0]
	usesShell := fn == "exec" || fn == "execSync" || fn == "module:shelljs.exec" || fn == "module:execa.execaCommand" ||
		fn == "module:execa.command" || fn == "module:zx.$"
	var argv []ast.Expression
	if len(args) > 1 {
		if al, ok := args[1].(*ast.ArrayLiteral); ok {
			argv = al.Value
		} else if !jsIsObjectLit(args[1]) {
			argv = []ast.Expression{args[1]}
		}
		for _, o := range args[1:] {
			if sh := v.ObjProp(o, "shell"); sh != nil {
				if b, ok := sh.(*ast.BooleanLiteral); !ok || b.Value {
					usesShell = true
				}
			}
		}
	}
	// Bun.spawn(['sh', '-c', x]) and Deno.run({cmd: [...]}): the argv is
	// the first argument
	if al, ok := a0.(*ast.ArrayLiteral); ok && len(al.Value) > 0 {
		a0, argv = al.Value[0], al.Value[1:]
	} else if cmd := v.ObjProp(a0, "cmd"); cmd != nil {
		if al, ok := cmd.(*ast.ArrayLiteral); ok && len(al.Value) > 0 {
			a0, argv = al.Value[0], al.Value[1:]
		}
	}
	prog, progConst := v.Info.Str(a0)
	switch v.Info.Resolve(a0) {
	case "process.execPath", "process.argv0", "process.argv.0":
		prog, progConst = "node", true // the running Node binary
	}
	base := strings.ToLower(path.Base(strings.Fields(prog + " x")[0]))
	if progConst && base == "git" && !usesShell {
		if sev, msg, bad := jsGitConfigHook(v, argv, fn); bad {
			return sev, msg
		}
	}
	// a shell started with a script: judge the script
	if progConst && jsShells[base] && !usesShell {
		// the word the interpreter runs as code, if any: python -c, node
		// -e, sh -c, cmd /c, powershell -Command; after python -m module
		// or a script path every word is the program's argv (data)
		words, known := make([]string, len(argv)), make([]bool, len(argv))
		for i, a := range argv {
			words[i], known[i] = v.Info.Str(a)
		}
		if prog, ok := shellfacts.InterpreterProgram(base, words, known); ok && prog.Kind == shellfacts.ProgramInline {
			return jsGradeCommand(v, argv[prog.Index], fn, true, base)
		}
		if len(argv) == 0 || jsAllConst(v, argv) {
			if len(argv) == 0 && (base == "sh" || base == "bash" || base == "cmd.exe" || base == "cmd" || base == "zsh") {
				return High, fmt.Sprintf("%s() starts an interactive %s whose input the program controls", fn, base)
			}
			return Low, fmt.Sprintf("%s() runs %s with constant arguments", fn, base)
		}
	}
	if usesShell {
		return jsGradeCommand(v, a0, fn, true, "")
	}
	if !progConst {
		if sev, msg, bad := jsTaintedCommand(v, a0, fn); bad {
			return sev, msg
		}
		if jsBundledPath(v, a0) {
			return Low, fmt.Sprintf("%s() runs a program from the skill's own directory", fn)
		}
		return Medium, fmt.Sprintf("%s() runs a program whose name is computed at run time", fn)
	}
	// a constant program that is not a wrapper (sudo, env, xargs, …)
	// takes its arguments as data: a downloaded value there is an
	// argument to review, not the command
	wrapper := len(shell.Unwrap([]string{base, "x"})) != 2
	downloaded := false
	for _, a := range argv {
		if !wrapper && v.FromNetwork(a) != nil && v.FromDecoder(a) == nil {
			downloaded = true
			continue
		}
		if sev, msg, bad := jsTaintedCommand(v, a, fn); bad {
			return sev, msg
		}
	}
	if downloaded {
		return Medium, fmt.Sprintf("%s() passes data from a network download to %q as an argument (no shell: data, not a command)", fn, base)
	}
	if jsAllConst(v, argv) {
		return Low, fmt.Sprintf("%s() runs %q with constant arguments", fn, base)
	}
	return Low, fmt.Sprintf("%s() runs %q without a shell; arguments are data", fn, base)
}

func jsIsObjectLit(e ast.Expression) bool { _, ok := e.(*ast.ObjectLiteral); return ok }

func jsAllConst(v *jsfacts.View, es []ast.Expression) bool {
	for _, e := range es {
		if _, ok := v.Info.Str(e); !ok {
			return false
		}
	}
	return true
}

// jsGradeCommand grades a command string a shell will interpret.
func jsGradeCommand(v *jsfacts.View, e ast.Expression, fn string, shell bool, via string) (analyzer.Severity, string) {
	what := "a shell command"
	if via != "" {
		what = "a " + via + " script"
	}
	if s, ok := v.Info.Str(e); ok {
		if why, bad := jsfacts.ShellDanger(s); bad {
			return Critical, fmt.Sprintf("%s() runs %s that %s", fn, what, why)
		}
		if v.Info.Decoded(e) {
			return Critical, fmt.Sprintf("%s() runs %s decoded from an encoded literal", fn, what)
		}
		if jsfacts.Destructive.MatchString(s) {
			return High, fmt.Sprintf("%s() runs %s that wipes the home or root directory or a disk", fn, what)
		}
		if why := jsfacts.PayloadDanger(s); why != "" && (via == "node") {
			return Critical, fmt.Sprintf("%s() runs inline JavaScript that %s", fn, why)
		}
		return Low, fmt.Sprintf("%s() runs a constant %s", fn, strings.TrimPrefix(what, "a "))
	}
	if sev, msg, bad := jsTaintedCommand(v, e, fn); bad {
		return sev, msg
	}
	if s, ok := v.PathStr(e); ok {
		if why, bad := jsfacts.ShellDanger(s); bad {
			return Critical, fmt.Sprintf("%s() runs %s that %s", fn, what, why)
		}
	}
	if in := v.FromUserInput(e); in != nil {
		if v.Spliced(e) {
			if v.FromUserInputPast(e, jsPathValue(v)) == nil {
				// only as a file or directory the script also opens,
				// joins or runs in: a local path the caller names, where
				// the injection needs a hostile file name
				return Medium, fmt.Sprintf("%s() splices a file path from the script's arguments (%s) into %s: a file name holding shell metacharacters would run as commands (command injection weakness)", fn, match.Clip(v.Src(in), 40), what)
			}
			// the script's arguments spliced into a command it wrote:
			// their shell metacharacters run as commands
			return High, fmt.Sprintf("%s() splices user input (%s) into %s: its shell metacharacters run as commands (command injection)", fn, match.Clip(v.Src(in), 40), what)
		}
		return Low, fmt.Sprintf("%s() runs %s chosen by user input (%s)", fn, what, match.Clip(v.Src(in), 40))
	}
	// built from the skill's own values or the operator's settings: a
	// weakness to review, not a sign of malice (tainted parts are graded
	// by jsTaintedCommand above)
	return Medium, fmt.Sprintf("%s() runs %s built from variables (command injection risk)", fn, what)
}

// jsPathValue returns a test for values that play the role of a local
// path: the result of a path function (path.join, path.resolve,
// path.dirname, fileURLToPath, ...) and variables (or members of them)
// the script also passes to such a function, to an fs function or as a
// process's working directory (cwd).
func jsPathValue(v *jsfacts.View) func(ast.Expression) bool {
	// a variable or a member of one (tiles[0].path), by its definitions
	// and the member's text
	type pathRef struct {
		def    *js.Def
		member string
	}
	refs := map[pathRef]bool{}
	refOf := func(e ast.Expression, fn func(pathRef) bool) bool {
		root, member := e, ""
		for {
			switch x := root.(type) {
			case *ast.DotExpression:
				root = x.Left
				continue
			case *ast.BracketExpression:
				root = x.Left
				continue
			}
			break
		}
		if root != e {
			member = v.Src(e)
		}
		id, ok := root.(*ast.Identifier)
		if !ok {
			return false
		}
		for _, d := range v.Info.Defs(id) {
			if fn(pathRef{d, member}) {
				return true
			}
		}
		return false
	}
	addDefs := func(e ast.Expression) {
		if e != nil {
			refOf(e, func(r pathRef) bool { refs[r] = true; return false })
		}
	}
	// a path and the names it is built from: join(repo, inner) with
	// inner = `skills/${name}` makes name a path component too
	var addPath func(e ast.Expression, depth int)
	addPath = func(e ast.Expression, depth int) {
		addDefs(e)
		if e == nil || depth >= 2 {
			return
		}
		switch x := e.(type) {
		case *ast.TemplateLiteral:
			for _, s := range x.Expressions {
				addPath(s, depth+1)
			}
		case *ast.BinaryExpression:
			if x.Operator == token.PLUS {
				addPath(x.Left, depth+1)
				addPath(x.Right, depth+1)
			}
		case *ast.Identifier:
			for _, d := range v.Info.Defs(x) {
				switch d.Init.(type) {
				case *ast.TemplateLiteral, *ast.BinaryExpression:
					if len(d.Path) == 0 && !d.Param {
						addPath(d.Init, depth+1)
					}
				}
			}
		}
	}
	for _, c := range v.Info.Calls() {
		if callee := v.Callee(c); jsPathFunc(callee) || strings.HasPrefix(callee, "module:fs.") || strings.HasPrefix(callee, "module:fs-extra.") {
			for _, a := range c.ArgumentList {
				addPath(a, 0)
			}
		}
	}
	v.EachNode(func(n ast.Node) {
		if ol, ok := n.(*ast.ObjectLiteral); ok {
			addDefs(v.ObjProp(ol, "cwd"))
			// a file an API writes or reads ({ path: out } for a
			// screenshot or a PDF), unless the object describes an HTTP
			// request, whose path is part of a URL
			if v.ObjProp(ol, "host") == nil && v.ObjProp(ol, "hostname") == nil && v.ObjProp(ol, "method") == nil &&
				v.ObjProp(ol, "url") == nil && v.ObjProp(ol, "protocol") == nil && v.ObjProp(ol, "port") == nil {
				addDefs(v.ObjProp(ol, "path"))
			}
		}
	})
	return func(x ast.Expression) bool {
		switch x := x.(type) {
		case *ast.CallExpression:
			return jsPathFunc(v.Callee(x))
		case *ast.Identifier, *ast.DotExpression, *ast.BracketExpression:
			return refOf(x, func(r pathRef) bool { return refs[r] })
		}
		return false
	}
}

// jsPathFunc reports a function that builds a file path. basename and
// extname are left out: they take names apart, URLs as often as paths.
func jsPathFunc(callee string) bool {
	if rest, ok := strings.CutPrefix(callee, "module:path."); ok {
		rest = strings.TrimPrefix(strings.TrimPrefix(rest, "posix."), "win32.")
		switch rest {
		case "join", "resolve", "dirname", "relative", "normalize", "format":
			return true
		}
	}
	return callee == "module:url.fileURLToPath"
}

// jsTaintedCommand looks for downloads, decoders and dangerous constants
// flowing into a command.
func jsTaintedCommand(v *jsfacts.View, e ast.Expression, fn string) (analyzer.Severity, string, bool) {
	if v.FromNetwork(e) != nil {
		return Critical, fmt.Sprintf("%s() runs a command that comes from a network download", fn), true
	}
	if v.FromDecoder(e) != nil {
		return Critical, fmt.Sprintf("%s() runs a command produced by a decoder (base64, hex, char codes)", fn), true
	}
	var why string
	v.Info.Reach(e, func(x ast.Expression) bool {
		if why != "" {
			return false
		}
		if s, ok := v.Info.Str(x); ok {
			if w, bad := jsfacts.ShellDanger(s); bad {
				why = w
			}
			return false
		}
		return true
	})
	if why != "" {
		return Critical, fmt.Sprintf("%s() runs a command that %s", fn, why), true
	}
	return 0, "", false
}

// jsBundledPath reports a path built from the script's own location
// (__dirname, __filename, import.meta.url) or require.resolve: a program
// shipped with the skill or its dependencies.
func jsBundledPath(v *jsfacts.View, e ast.Expression) bool {
	return v.Reaches(e, func(x ast.Expression) bool {
		switch x := x.(type) {
		case *ast.Identifier:
			n := x.Name.String()
			return n == "__dirname" || n == "__filename" || n == "import_meta"
		case *ast.CallExpression:
			return v.Callee(x) == "require.resolve"
		}
		return false
	}) != nil
}

// jsGitExecKeys are git configuration keys whose value git runs as a
// program (or a directory of programs) during ordinary commands.
var jsGitExecKeys = map[string]bool{
	"core.hookspath": true, "core.fsmonitor": true, "core.sshcommand": true, "core.pager": true,
	"core.editor": true, "core.askpass": true, "credential.helper": true, "include.path": true,
	"sequence.editor": true, "diff.external": true, "gpg.program": true,
}

// jsGitConfigHook grades `git config --global|--system <key> <value>` where
// the key makes git run a program on every later git command: a
// persistence foothold in every repository of the user.
func jsGitConfigHook(v *jsfacts.View, argv []ast.Expression, fn string) (analyzer.Severity, string, bool) {
	var words []string
	for _, a := range argv {
		s, ok := v.Info.Str(a)
		if !ok {
			s = "\x00"
		}
		words = append(words, s)
	}
	if len(words) == 0 || words[0] != "config" {
		return 0, "", false
	}
	scope, key := "", ""
	for _, w := range words[1:] {
		switch {
		case w == "--global" || w == "--system":
			scope = strings.TrimPrefix(w, "--")
		case strings.HasPrefix(w, "-") || w == "\x00":
		case key == "":
			key = strings.ToLower(w)
		}
	}
	exec := jsGitExecKeys[key] || strings.HasPrefix(key, "alias.") && jsGitAliasShell(v, argv)
	if scope == "" || !exec {
		return 0, "", false
	}
	// an ordinary pager, editor or credential helper (code --wait,
	// osxkeychain) is a preference, not a foothold
	ws := []shell.Word{{Value: "git"}}
	for _, w := range words {
		ws = append(ws, shell.Word{Value: w, Raw: w, Const: w != "\x00"})
	}
	for _, st := range shell.GitSettings(ws) {
		if st.Role == shell.RoleCommand && !strings.Contains(st.Value.Value, "\x00") && shellfacts.JudgeSetting(nil, &st, 0, 0).Sev == analyzer.SevNone {
			return Low, fmt.Sprintf("%s() sets %s git %s to an ordinary program (%s)", fn, scope, key, shellfacts.ClipText(st.Program(), 40)), true
		}
	}
	msg := fmt.Sprintf("%s() sets %s git %s: git runs it in every repository of the user", fn, scope, key)
	// the program or hooks git will run, written by this file
	for _, c := range v.Info.Calls() {
		switch v.Callee(c) {
		case "module:fs.writeFileSync", "module:fs.writeFile", "module:fs.promises.writeFile",
			"module:fs.appendFileSync", "module:fs-extra.outputFileSync", "module:fs-extra.outputFile":
		default:
			continue
		}
		if len(c.ArgumentList) < 2 {
			continue
		}
		why := v.ShellDangerOf(c.ArgumentList[1])
		if why != "" {
			return Critical, msg + "; the script it installs " + why, true
		}
	}
	return High, msg, true
}

// jsGitAliasShell reports an alias value that starts with "!" (a shell command).
func jsGitAliasShell(v *jsfacts.View, argv []ast.Expression) bool {
	if len(argv) == 0 {
		return false
	}
	s, ok := v.Info.Str(argv[len(argv)-1])
	return ok && strings.HasPrefix(s, "!")
}
