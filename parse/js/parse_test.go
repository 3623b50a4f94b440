package js

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/dop251/goja/ast"
)

// callAt finds the first call whose callee source text is callee and
// returns its original 1-based line and byte column.
func callAt(t *testing.T, p *Program, callee string) (line, col int) {
	t.Helper()
	var found *ast.CallExpression
	Walk(p.AST, func(n ast.Node, _ []ast.Node) bool {
		if c, ok := n.(*ast.CallExpression); ok && found == nil {
			a, b := int(c.Callee.Idx0())-1, int(c.Callee.Idx1())-1
			if p.Code[a:b] == callee {
				found = c
			}
		}
		return found == nil
	})
	if found == nil {
		t.Fatalf("no call %s in:\n%s", callee, p.Code)
	}
	off, ok := p.Offset(found.Idx0())
	if !ok {
		t.Fatalf("call %s maps nowhere", callee)
	}
	l := lineOf(p.origLines, off)
	return l + 1, off - p.origLines[l] + 1
}

func TestPositionsMapBack(t *testing.T) {
	cases := []struct {
		name, src, callee string
		line, col         int
	}{
		{"plain.js", "// x\nconst a = 1;\n  foo(a);\n", "foo", 3, 3},
		{"types.ts", "interface A {\n  x: number;\n}\ntype B = A & { y: string };\n\nfunction f(a: A): void {\n    target(a.x as number);\n}\n", "target", 7, 5},
		{"comp.tsx", "import React from 'react';\ntype P = { n: string };\nexport const C = (p: P) => (\n  <div>{p.n}</div>\n);\nafter();\n", "after", 6, 1},
		{"jsxcomp.ts", "type P = { n: string };\nexport const C = (p: P) => (\n  <>{p.n}</>\n);\nafter();\n", "after", 5, 1},
		{"mod.mjs", "import fs from 'fs';\nconst x = await Promise.resolve(1);\n\nmark(x);\nexport default x;\n", "mark", 4, 1},
		{"esm.js", "import os from 'os';\nexport const h = os.homedir();\nprobe(h);\n", "probe", 3, 1},
		{"uni.ts", "const s: string = 'héllo wörld';  late(s);\n", "late", 1, 37},
		// a call to an imported function is printed as "(0, import_x.f)(…)", a
		// line whose first own mapping is not at its start: it maps to the
		// call's own line, not the previous statement's
		{"imported.ts", "import { execSync } from 'child_process';\nconst x = 1;\nexecSync(process.argv[2]);\n", "0, import_child_process.execSync", 3, 1},
		{"imported.js", "import { exec } from 'child_process';\nconst y = go(1, 2);\n\n  exec(y);\n", "0, import_child_process.exec", 4, 3},
		{"nested.ts", "import { spawn } from 'child_process';\nfoo();\nif (a) {\n  spawn('x');\n}\n", "0, import_child_process.spawn", 4, 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := Parse(c.name, []byte(c.src))
			if err != nil {
				t.Fatal(err)
			}
			l, col := callAt(t, p, c.callee)
			if l != c.line || col != c.col {
				t.Errorf("%s at %d:%d, want %d:%d", c.callee, l, col, c.line, c.col)
			}
		})
	}
}

func TestHelperPreludeMapsNowhere(t *testing.T) {
	p, err := Parse("m.ts", []byte("import * as cp from 'child_process';\ncp.exec('x');\n"))
	if err != nil {
		t.Fatal(err)
	}
	if !p.Transformed {
		t.Fatal("TypeScript was not transformed")
	}
	unmapped := 0
	Walk(p.AST, func(n ast.Node, _ []ast.Node) bool {
		if id, ok := n.(*ast.Identifier); ok && id.Name.String() == "__copyProps" {
			if _, ok := p.Offset(id.Idx); !ok {
				unmapped++
			}
		}
		return true
	})
	if unmapped == 0 {
		t.Error("helper prelude identifiers should not map to the original file")
	}
}

func TestSourceMapCommentIgnored(t *testing.T) {
	src := "foo();\n//# sourceMappingURL=data:application/json;base64,eyJ2ZXJzaW9uIjozLCJzb3VyY2VzIjpbIngiXSwibWFwcGluZ3MiOiJBQUFBLEFBQUEifQ==\n"
	p, err := Parse("a.js", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(p.Code, "sourceMappingURL=") {
		t.Error("source map comment not blanked")
	}
	if len(p.Code) != len(src) {
		t.Error("blanking moved offsets")
	}
	if l, c := callAt(t, p, "foo"); l != 1 || c != 1 {
		t.Errorf("foo at %d:%d", l, c)
	}
}

func TestLimits(t *testing.T) {
	deep := strings.Repeat("(", 5000) + "1" + strings.Repeat(")", 5000)
	_, err := Parse("d.js", []byte(deep))
	var le *LimitError
	if !errors.As(err, &le) {
		t.Fatalf("deep nesting: got %v", err)
	}
	tmpl := "x = `" + strings.Repeat("${`", 1500) + strings.Repeat("`}", 1500) + "`;"
	if _, err := Parse("t.js", []byte(tmpl)); !errors.As(err, &le) {
		t.Fatalf("nesting through template substitutions: got %v", err)
	}
	// brackets in strings, comments and regexes do not count
	quiet := "const s = '" + strings.Repeat("(", 3000) + "'; // " + strings.Repeat("[", 3000) + "\nconst r = /" + strings.Repeat("\\(", 2000) + "/;\n"
	if _, err := Parse("q.js", []byte(quiet)); err != nil {
		t.Fatalf("brackets in literals counted: %v", err)
	}
	if _, err := ParseLimits("big.js", make([]byte, 100), Limits{MaxSize: 10, MaxDepth: 10}); !errors.As(err, &le) {
		t.Fatalf("size limit: got %v", err)
	}
}

func TestSyntaxErrorHasOriginalLine(t *testing.T) {
	_, err := Parse("bad.ts", []byte("type A = { a: number };\nconst x: A = { a: 1 ;\n"))
	var se *SyntaxError
	if !errors.As(err, &se) {
		t.Fatalf("got %v", err)
	}
	if se.Line != 2 {
		t.Errorf("error on line %d, want 2", se.Line)
	}
}

func evalFirstInit(t *testing.T, src string) (string, bool, *Info, ast.Expression) {
	t.Helper()
	p, err := Parse("e.js", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	in := p.Info()
	var last ast.Expression
	Walk(p.AST, func(n ast.Node, _ []ast.Node) bool {
		if b, ok := n.(*ast.Binding); ok {
			if id, ok := b.Target.(*ast.Identifier); ok && id.Name.String() == "out" {
				last = b.Initializer
			}
		}
		return true
	})
	if last == nil {
		t.Fatalf("no binding named out in %s", src)
	}
	s, ok := in.Str(last)
	return s, ok, in, last
}

func TestConstantEvaluator(t *testing.T) {
	cases := []struct {
		src, want string
		decoded   bool
	}{
		{`const out = 'child_' + 'process';`, "child_process", false},
		{"const a = 'ex'; const out = `${a}ec`;", "exec", false},
		{`const out = ['c','u','r','l'].join('');`, "curl", false},
		{`const out = 'hsab'.split('').reverse().join('');`, "bash", true},
		{`const out = String.fromCharCode(101, 118, 97, 108);`, "eval", true},
		{`const out = String.fromCharCode(...[0x69, 0x64]);`, "id", true},
		{`const out = atob('aWQ=');`, "id", true},
		{`const out = Buffer.from('6964', 'hex').toString();`, "id", true},
		{`const out = Buffer.from('aWQ=', 'base64').toString('utf8');`, "id", true},
		{`const out = '\x63\u0068ild';`, "child", false},
		{`const out = decodeURIComponent('%63url');`, "curl", false},
		{`const k = { a: 'ev', b: 'al' }; const out = k.a + k['b'];`, "eval", false},
		{`const out = 'XexecX'.slice(1, -1);`, "exec", false},
		{`const out = 'e-x-e-c'.replace(/-/g, '');`, "exec", false},
		{`const out = [104, 105].map(c => String.fromCharCode(c)).join('');`, "hi", false},
	}
	for _, c := range cases {
		s, ok, in, e := evalFirstInit(t, c.src)
		if !ok || s != c.want {
			t.Errorf("%s: got %q %v, want %q", c.src, s, ok, c.want)
			continue
		}
		if c.decoded && !in.Decoded(e) {
			t.Errorf("%s: not marked decoded", c.src)
		}
	}
	for _, src := range []string{
		`let x = 'a'; x = 'b'; const out = x;`,
		`function f(p) { const out = p + 'x'; }`,
		`let x = 'a'; x += 'b'; const out = x;`,
	} {
		if s, ok, _, _ := evalFirstInit(t, src); ok {
			t.Errorf("%s: evaluated to %q, want unknown", src, s)
		}
	}
}

func TestResolve(t *testing.T) {
	src := `
const cp = require('node:child_process');
const { exec: run } = require('child' + '_process');
const r = require;
const q = require('module').createRequire(__filename);
const m = module.constructor._load('child_process');
const g = globalThis;
cp.spawn('a');
run('b');
r('child_process').execSync('c');
q('child_process').fork('d');
m['ex' + 'ec']('e');
g['ev' + 'al']('f');
(0, eval)('g');
Function.prototype.constructor('h');
import('child_process').then((x) => x.execFile('i'));
`
	p, err := Parse("r.js", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	in := p.Info()
	want := map[string]string{
		"a": "module:child_process.spawn", "b": "module:child_process.exec",
		"c": "module:child_process.execSync", "d": "module:child_process.fork",
		"e": "module:child_process.exec", "f": "eval", "g": "eval", "h": "Function",
		"i": "module:child_process.execFile",
	}
	got := map[string]string{}
	for _, c := range in.Calls() {
		if len(c.ArgumentList) == 1 {
			if sl, ok := c.ArgumentList[0].(*ast.StringLiteral); ok {
				got[sl.Value.String()] = in.Resolve(c.Callee)
			}
		}
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("call with %s resolved to %q, want %q", k, got[k], w)
		}
	}
}

func TestReachFollowsCallbacksAndReturns(t *testing.T) {
	src := `
const https = require('https');
function read() { return require('fs').readFileSync('/x'); }
https.get('https://h/x', (res) => {
  let body = '';
  res.on('data', (c) => { body += c; });
  res.on('end', () => sink(body, read()));
});
`
	p, err := Parse("f.js", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	in := p.Info()
	var sink *ast.CallExpression
	for _, c := range in.Calls() {
		if id, ok := c.Callee.(*ast.Identifier); ok && id.Name.String() == "sink" {
			sink = c
		}
	}
	seen := map[string]bool{}
	for _, a := range sink.ArgumentList {
		in.Reach(a, func(e ast.Expression) bool {
			if c, ok := e.(*ast.CallExpression); ok {
				seen[in.Resolve(c.Callee)] = true
			}
			return true
		})
	}
	for _, w := range []string{"module:https.get", "module:fs.readFileSync"} {
		if !seen[w] {
			t.Errorf("Reach did not find %s (saw %v)", w, seen)
		}
	}
}

// TestReachLocalCallIsItsReturns: a call of a local function holds what
// its returns hold (a parameter through the arguments of its calls), not
// every argument; other calls may return something built from theirs.
func TestReachLocalCallIsItsReturns(t *testing.T) {
	src := `
function choose(vars, wanted) { if (wanted) return wanted; return vars.A ? 'a' : 'b'; }
function echo(x) { return x; }
function viaArgs() { return arguments[0]; }
sink(choose(kept1, given1), echo(given2), viaArgs(given3), unknownFn(given4));
`
	p, err := Parse("f.js", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	in := p.Info()
	var sink *ast.CallExpression
	for _, c := range in.Calls() {
		if id, ok := c.Callee.(*ast.Identifier); ok && id.Name.String() == "sink" {
			sink = c
		}
	}
	seen := map[string]bool{}
	for _, a := range sink.ArgumentList {
		in.Reach(a, func(e ast.Expression) bool {
			if id, ok := e.(*ast.Identifier); ok {
				seen[id.Name.String()] = true
			}
			return true
		})
	}
	for _, w := range []string{"given1", "given2", "given3", "given4"} {
		if !seen[w] {
			t.Errorf("Reach did not find %s (saw %v)", w, seen)
		}
	}
	if seen["kept1"] {
		t.Errorf("Reach followed an argument the local function does not return (saw %v)", seen)
	}
}

func TestJSXInJSAndBOM(t *testing.T) {
	p, err := Parse("App.js", []byte("import React from 'react';\nexport default function App() {\n  return <div onClick={() => go()}>hi</div>;\n}\n"))
	if err != nil {
		t.Fatalf("JSX in .js: %v", err)
	}
	if l, _ := callAt(t, p, "go"); l != 3 {
		t.Errorf("go() on line %d, want 3", l)
	}
	p, err = Parse("bom.js", []byte("\ufeffconst a = 1;\r\nrun(a);\r\n"))
	if err != nil {
		t.Fatalf("BOM and CRLF: %v", err)
	}
	if l, c := callAt(t, p, "run"); l != 2 || c != 1 {
		t.Errorf("run() at %d:%d, want 2:1", l, c)
	}
}

func TestEvaluatorStaysLinear(t *testing.T) {
	var b strings.Builder
	b.WriteString("const a0 = 'x';\nconst r0 = require;\n")
	for i := 1; i <= 40; i++ {
		fmt.Fprintf(&b, "const a%d = a%d + a%d + a%d;\nconst r%d = c ? r%d : r%d;\n", i, i-1, i-1, i-1, i, i-1, i-1)
	}
	b.WriteString("const out = a40;\nr40('x');\n")
	p, err := Parse("dos.js", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		in := p.Info()
		for _, c := range in.Calls() {
			in.Resolve(c.Callee)
		}
		Walk(p.AST, func(n ast.Node, _ []ast.Node) bool {
			if e, ok := n.(ast.Expression); ok {
				in.Str(e)
			}
			return true
		})
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("constant evaluation blew up")
	}
}

func TestShebangTypeScript(t *testing.T) {
	p, err := Parse("scripts/run", []byte("#!/usr/bin/env -S npx tsx\nconst n: number = 1;\ngo(n);\n"))
	if err != nil {
		t.Fatal(err)
	}
	if l, _ := callAt(t, p, "go"); l != 3 {
		t.Errorf("go() on line %d", l)
	}
}

func TestTopLevelReturn(t *testing.T) {
	for _, name := range []string{"cli.js", "cli.ts"} {
		p, err := Parse(name, []byte("if (require.main !== module) return;\nconst x = 1;\n  go(x);\n"))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if l, c := callAt(t, p, "go"); l != 3 || c != 3 {
			t.Errorf("%s: go() at %d:%d, want 3:3", name, l, c)
		}
		in := p.Info()
		var req string
		Walk(p.AST, func(n ast.Node, _ []ast.Node) bool {
			if d, ok := n.(*ast.DotExpression); ok && d.Identifier.Name.String() == "main" {
				req = in.Resolve(d)
			}
			return true
		})
		if req != "require.main" {
			t.Errorf("%s: require.main resolved to %q inside the wrapper", name, req)
		}
	}
}

// TestExtendScriptDirectives: Adobe ExtendScript's #target and #include
// lines parse as comments, positions unchanged.
func TestExtendScriptDirectives(t *testing.T) {
	src := "// export\n#target illustrator\n#include \"lib.jsx\"\n(function () {\n  go(app.documents);\n})();\n"
	p, err := Parse("export.jsx", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if l, c := callAt(t, p, "go"); l != 5 || c != 3 {
		t.Errorf("go() at %d:%d, want 5:3", l, c)
	}
}

// TestWorkflowScript: a script a harness runs as an async function body
// (export declarations, top-level await and a top-level return) parses,
// with positions on the file's lines; one that also imports does not.
func TestWorkflowScript(t *testing.T) {
	src := "export const meta = mk({ name: 'check' })\nphase('Inspect')\nconst r = await parallel([1, 2])\n  go(r)\nreturn { r }\n"
	p, err := Parse("check.workflow.js", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if l, c := callAt(t, p, "go"); l != 4 || c != 3 {
		t.Errorf("go() at %d:%d, want 4:3", l, c)
	}
	if l, c := callAt(t, p, "mk"); l != 1 || c != 21 {
		t.Errorf("mk() at %d:%d, want 1:21", l, c)
	}
	if l, c := callAt(t, p, "phase"); l != 2 || c != 1 {
		t.Errorf("phase() at %d:%d, want 2:1", l, c)
	}
	if _, err := Parse("x.js", []byte("import a from 'a'\nawait a()\nreturn 1\n")); err == nil {
		t.Error("an import with a top-level return parsed")
	}
}

// TestTopLevelAwaitWithMultiLineImports: an ES module with top-level await
// keeps its import statements, which esbuild prints over several lines
// when they are long; each is rewritten on its own and the rest of the
// file stays code.
func TestTopLevelAwaitWithMultiLineImports(t *testing.T) {
	src := "import { execFileSync } from 'node:child_process';\nimport {\n  chmodSync,\n  existsSync,\n  mkdirSync,\n  readFileSync,\n  statSync,\n  unlinkSync,\n  writeFileSync,\n} from 'node:fs';\n\ntry {\n  await main();\n} catch (e) {\n  process.exit(1);\n}\nasync function main() { go(readFileSync('x')); }\n"
	p, err := Parse("cli.mjs", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if l, _ := callAt(t, p, "go"); l != 17 {
		t.Errorf("go() at line %d, want 17", l)
	}
}

// TestTopLevelAwaitGeneratedImports: a module with top-level await that
// generates code keeps the import lines inside its template literals as
// text; only its own import statements are rewritten.
func TestTopLevelAwaitGeneratedImports(t *testing.T) {
	src := "import { writeFileSync } from 'node:fs';\n" +
		"const page = `\nimport { useState } from 'react'\nimport {\n  Table,\n} from './ui'\nexport const X = 1\n${1 + [2].map((v) => `\nimport { y } from 'z'\n${v}`).join('')}\n`;\n" +
		"const re = /`import {/;\nconst s = \"`\";\n" +
		"await go(writeFileSync('out.tsx', page));\n"
	p, err := Parse("gen.mjs", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if l, _ := callAt(t, p, "go"); l != 14 {
		t.Errorf("go() at line %d, want 14", l)
	}
	for _, line := range []string{"import { useState } from 'react'", "import {\n  Table,\n} from './ui'", "export const X = 1", "import { y } from 'z'"} {
		if !strings.Contains(p.Code, line) {
			t.Errorf("template text %q was rewritten", line)
		}
	}
}

func TestLinesInLiteral(t *testing.T) {
	code := "a = `x\ny ${b ? `p\nq` : 1}\nz`;\nc = /`/; d = \"`\";\n/* x\ny */\ne = 1 / 2; f = `\n`;\ng\n"
	want := []bool{false, true, true, true, false, false, true, false, true, false, false}
	got := linesInLiteral(code)
	if len(got) != len(want) {
		t.Fatalf("%d lines, want %d: %v", len(got), len(want), got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("line %d inside = %v, want %v", i+1, got[i], want[i])
		}
	}
}

// TestReachFollowsClassFieldsAndMethods: a value stored in a class field
// (assigned or pushed) reaches whoever reads the field, and a method call
// reaches what the class's method of that name returns, through promises.
func TestReachFollowsClassFieldsAndMethods(t *testing.T) {
	src := `
const fs = require('fs');
class Collector {
  constructor() { this.items = []; this.count = 0; }
  gather() {
    return fs.promises.readFile('/x', 'utf8').then((d) => { this.items.push(d); return this.items; });
  }
  size() { return this.count; }
}
const c = new Collector();
c.gather().then((items) => sink(items));
other(c.size());
`
	p, err := Parse("f.js", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	in := p.Info()
	reaches := func(callee string) map[string]bool {
		seen := map[string]bool{}
		for _, c := range in.Calls() {
			if id, ok := c.Callee.(*ast.Identifier); ok && id.Name.String() == callee {
				for _, a := range c.ArgumentList {
					in.Reach(a, func(e ast.Expression) bool {
						if c, ok := e.(*ast.CallExpression); ok {
							seen[in.Resolve(c.Callee)] = true
						}
						return true
					})
				}
			}
		}
		return seen
	}
	if s := reaches("sink"); !s["module:fs.promises.readFile"] {
		t.Errorf("the field's pushed value did not reach sink (saw %v)", s)
	}
	if s := reaches("other"); s["module:fs.promises.readFile"] {
		t.Errorf("another field (count) reached the file read (saw %v)", s)
	}
}

func TestRecoversTemplatesAndDuplicateExports(t *testing.T) {
	for _, c := range []struct{ name, src, call string }{
		// a config template the skill fills in
		{"templates/ecosystem.config.js", "module.exports = {\n  apps: [{ name: '{{APP_NAME}}',\n    env: { PORT: {{PORT}} } }]\n};\nrequire('child_process').exec('pm2 start');\n", "exec"},
		// a component template: placeholders beside JSX's style={{ … }} and
		// style={{width}}, which are code
		{"assets/template.tsx", "import { {{NodeData}} } from '@/types';\ntype {{NodeName}}Props = { data: {{NodeData}} };\nexport const {{ NodeName }} = ({ width }: {{NodeName}}Props) => (\n  <div style={{ width: width ?? 280, height: 'auto' }}><span style={{width}} /></div>\n);\nfetch('https://a.example/{{ host | lower }}');\n", "fetch"},
		// a file of examples that exports a default twice
		{"templates/basic.ts", "export class A {}\nexport default { fetch() { return 1 } };\nexport default { fetch() { return 2 } };\nimport { execSync } from 'child_process';\nexecSync('ls');\n", "execSync"},
		// the same name exported twice by export lists
		{"templates/multi.ts", "class G {}\nclass R {}\nexport { G, R };\nexport { G };\nfetch('https://a.example/x');\n", "fetch"},
	} {
		p, err := Parse(c.name, []byte(c.src))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		found := false
		Walk(p.AST, func(n ast.Node, _ []ast.Node) bool {
			if id, ok := n.(*ast.Identifier); ok && id.Name.String() == c.call {
				found = true
			}
			return true
		})
		if !found {
			t.Errorf("%s: %s not in the recovered program", c.name, c.call)
		}
	}
	// what is broken stays broken
	for _, src := range []string{"function ( {\n", "export default {\n", "const x = {{a: 1}};\nfunction (\n"} {
		if _, err := Parse("bad.ts", []byte(src)); err == nil {
			t.Errorf("%q parsed", src)
		}
	}
}

func TestFileOfExamplesIsSplit(t *testing.T) {
	// three examples, each importing or declaring what it uses; the third
	// uses an import only the first one made
	src := "import { exec } from 'node:child_process';\nimport { helper } from './a';\n\nexport async function GET() {\n  return helper('one');\n}\n\n// Example 2\nimport { helper } from './b';\n\nexport async function GET(req: Request) {\n  return helper(await req.text());\n}\n\nconst app = 1;\nconst app = 2;\nexport default function Page() {\n  exec('ls');\n  return <div>{app}</div>;\n}\n"
	p, err := Parse("templates/examples.tsx", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if l, col := callAt(t, p, "exec"); l != 18 || col != 3 {
		t.Errorf("exec at %d:%d, want 18:3", l, col)
	}
	in := p.Info()
	found := false
	for _, c := range in.Calls() {
		if in.Resolve(c.Callee) == "module:child_process.exec" {
			found = true
		}
	}
	if !found {
		t.Errorf("exec in the last example does not resolve to child_process through the first example's import:\n%s", p.Code)
	}
	// what is broken stays broken: a real syntax error beside a
	// redeclaration, and a redeclaration inside a block (no cut between
	// top-level statements)
	for _, src := range []string{
		"const a = 1;\nconst a = 2;\nfunction (\n",
		"function f() {\n  const a = 1;\nconst a = 2;\n}\n",
		"const a = 1;\n  const a = 2;\n",
	} {
		if _, err := Parse("bad.ts", []byte(src)); err == nil {
			t.Errorf("%q parsed", src)
		}
	}
}

func TestGoTemplateScript(t *testing.T) {
	// a Hugo asset: assignments and control actions on their own lines,
	// values printed into strings and into code
	src := "'use strict';\n{{ $data := resources.Get \"data.json\" | resources.Minify }}\n{{- $cfg := i18n \"cfg\" | default \"{}\" -}}\nconst url = '{{ $data.RelPermalink }}';\nconst cfg = Object.assign({{ $cfg }}, { a: 1 });\nconst pages = [\n{{ range .Site.Pages -}}\n  \"{{ .RelPermalink }}\",\n{{ end -}}\n];\n{{/* a comment with } and }} inside */}}\nsend(url, cfg, pages);\n"
	p, err := Parse("assets/search.js", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if l, col := callAt(t, p, "send"); l != 12 || col != 1 {
		t.Errorf("send at %d:%d, want 12:1", l, col)
	}
	for _, src := range []string{
		// what remains is broken
		"{{ $x := 1 }}\nfunction (\n",
		// a string an action prints as code
		"{{ \"require('child_process').exec('id')\" | safeJS }}\n{{ $x := 1 }}\nconst a = 1;\n",
		// JavaScript in braces, no Go template
		"{{ eval(atob('aWQ=')) }} }\n",
		// an unterminated action
		"const a = 1;\n{{ if .X }\n",
	} {
		if _, err := Parse("assets/bad.js", []byte(src)); err == nil {
			t.Errorf("%q parsed", src)
		}
	}
}
