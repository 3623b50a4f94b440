package rules

import (
	"fmt"
	"github.com/skillvet/skillvet/facts/match"
	"strings"

	"github.com/dop251/goja/ast"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/jsfacts"
)

// JSDynamicCode reports eval and its relatives in JavaScript.
var JSDynamicCode = register(&analyzer.Rule{
	ID:       "SV102",
	Name:     "js-dynamic-code",
	Title:    "JavaScript evaluates code from a string (eval, Function, vm)",
	Severity: High,
	Category: analyzer.CatObfuscation,
	Tags:     []string{"security", "CWE-95"},
	Inputs:   analyzer.InJS,
	Doc: `A JavaScript or TypeScript file turns a string into code: ` + "`eval`" + `, ` + "`new Function`" + `,
` + "`Function.prototype.constructor`" + `, indirect ` + "`(0, eval)`" + `, ` + "`globalThis['ev'+'al']`" + `,
` + "`window/global/self[...]`" + `, ` + "`vm.runIn*`" + ` / ` + "`new vm.Script`" + `, ` + "`new Worker(code, {eval: true})`" + `,
and ` + "`setTimeout`/`setInterval`" + ` with a string. The rule resolves aliases and computed names and grades by the code
that is evaluated:

- **critical**: the code is decoded (base64, hex, char codes, reversed strings) and the
  decoded text runs processes, loads child_process, reads the environment or uses
  the network; or it reads like a shell command;
- **high**: the code is decoded, computed at run time, or reached through a hidden
  name; or a constant that does something dangerous;
- **medium**: a constant, harmless string (still a review point); code computed at run time in
  a Markdown example that no text tells the agent to run (a sandbox pattern in a guide);
- **low**: the ` + "`Function('return this')`" + ` global-object idiom.

Code downloaded and evaluated is reported by SV103.

**Fix:** do not evaluate strings. Parse data with ` + "`JSON.parse`" + `, pass functions instead of
strings to timers, and import modules statically.

Bad:

` + "```js" + `
globalThis['ev' + 'al'](atob(blob));
` + "```" + `

Good:

` + "```js" + `
const cfg = JSON.parse(text);
setTimeout(() => tick(), 1000);
` + "```",
	Run: runJSDynamicCode,
})

func runJSDynamicCode(p *analyzer.Pass) error {
	v := jsfacts.Of(p)
	if v == nil {
		return nil
	}
	orig := string(v.Prog.Orig)
	vendored := jsLooksVendored(p.File.Path, orig)
	check := func(n ast.Node, calleeExpr ast.Expression, callee string, args []ast.Expression) {
		what, code := v.EvalSink(callee, args)
		if what == "" || code == nil {
			return
		}
		if v.FromNetwork(code) != nil {
			return // SV103
		}
		hidden := v.CalleeHidden(calleeExpr) || (callee == "eval" && !strings.Contains(orig, "eval")) ||
			(callee == "Function" && !strings.Contains(orig, "Function") && !strings.Contains(orig, "constructor"))
		sev, msg := jsGradeEval(v, what, code)
		if hidden && sev < Critical {
			sev, msg = High, msg+" (reached through a hidden name)"
		}
		if vendored && sev == High && !hidden && v.FromDecoder(code) == nil {
			sev, msg = Medium, msg+" in vendored minified code"
		}
		if sev == High && !hidden && p.File.ExampleCode() && strings.HasSuffix(msg, "computed at run time") {
			// a documentation example (a sandbox or a REPL in a guide):
			// a pattern for code the reader writes, not code the skill
			// runs; decoded or dangerous constants stay high
			sev, msg = Medium, msg+", in example code no text tells the agent to run"
		}
		v.Report(n, sev, msg)
	}
	for _, c := range v.Info.Calls() {
		if err := v.Pass.Context().Err(); err != nil {
			return err
		}
		callee, args := v.EffectiveCall(c)
		check(c, c.Callee, callee, args)
	}
	for _, n := range v.Info.News() {
		check(n, n.Callee, jsfacts.NormMod(v.Info.Resolve(n.Callee)), n.ArgumentList)
	}
	return nil
}

var jsReturnThis = match.MustRx(`^\s*return\s+this\s*;?\s*$`)

func jsGradeEval(v *jsfacts.View, what string, code ast.Expression) (analyzer.Severity, string) {
	if s, ok := v.Info.Str(code); ok {
		decoded := v.Info.Decoded(code)
		danger := jsfacts.PayloadDanger(s)
		shell := jsfacts.LooksLikeShell(s)
		switch {
		case decoded && (danger != "" || shell):
			if danger == "" {
				danger = "reads like a shell command"
			}
			return Critical, fmt.Sprintf("%s runs decoded code that %s", what, danger)
		case decoded:
			return High, what + " runs code decoded from an encoded literal"
		case danger != "":
			return High, fmt.Sprintf("%s runs a constant string that %s", what, danger)
		case jsReturnThis.MatchString(s):
			return Low, what + " uses the Function('return this') global-object idiom"
		}
		return Medium, what + " runs a constant string"
	}
	if v.FromDecoder(code) != nil {
		return High, what + " runs code produced by a decoder (base64, hex, char codes)"
	}
	return High, what + " runs code computed at run time"
}

var jsVendorBanner = match.MustRx(`^\s*/\*[!*]`)

// jsLooksVendored recognises a minified third-party bundle: a .min.js name
// or vendor directory, or long lines under a license banner.
func jsLooksVendored(path, src string) bool {
	lp := strings.ToLower(path)
	if strings.Contains(lp, ".min.") || strings.Contains(lp, "/vendor/") || strings.HasPrefix(lp, "vendor/") {
		return true
	}
	return jsVendorBanner.MatchString(src) && jsMaxLineLen(src) > 2000
}

func jsMaxLineLen(s string) int {
	m := 0
	for len(s) > 0 {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			i = len(s)
		}
		m = max(m, i)
		if i == len(s) {
			break
		}
		s = s[i+1:]
	}
	return m
}
