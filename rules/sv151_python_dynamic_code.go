package rules

import (
	"github.com/skillvet/skillvet/facts/match"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/pyfacts"
	"github.com/skillvet/skillvet/parse/python"
)

// PythonDynamicCode reports exec, eval and compile of code that is not in
// the file as source.
var PythonDynamicCode = register(&analyzer.Rule{
	ID:       "SV151",
	Name:     "python-dynamic-code",
	Title:    "Python executes code from a string (exec, eval, compile)",
	Severity: High,
	Category: analyzer.CatRemoteExec,
	Tags:     []string{"security", "python", "CWE-94", "CWE-95"},
	Inputs:   analyzer.InPython,
	Doc: `Python code runs a string as code with ` + "`exec`" + `, ` + "`eval`" + `, ` + "`compile`" + ` or
` + "`execfile`" + ` (also reached as ` + "`builtins.exec`" + `, ` + "`getattr(__builtins__, 'ex'+'ec')`" + `,
` + "`__builtins__.__dict__['eval']`" + ` or an alias). What the string holds decides the severity:

- **critical** — downloaded data (` + "`requests`" + `, ` + "`urllib`" + `, sockets), decoded data
  (base64, hex, zlib, codecs, marshal) or code assembled by obfuscation (` + "`chr`" + ` sequences,
  joins, reversed strings): this is how payloads hide from review;
- **high** — code written inside a string literal (hidden from a reader of the code);
- **high** — a function's own parameter handed to ` + "`eval`" + `/` + "`exec`" + ` (` + "`def calculate(expr): return eval(expr)`" + `):
  whoever calls it — the agent, on anyone's text — runs any code;
- **medium** — user input or the environment (whoever controls it runs code: a weakness), and
  the whole text of a file at a path the caller names (` + "`exec(compile(open(path).read(), path, \"exec\"), ns)`" + `,
  ` + "`exec(Path(path).read_text())`" + `): loading a plugin or a scorer the user wrote, as ` + "`import`" + ` would;
  a file's text changed first (decoded, appended to) is judged as above;
- **low** (a capability) — a variable or expression the skill builds itself, an expression
  evaluated with its builtins removed (` + "`eval(e, {\"__builtins__\": {}}, names)`" + `, or a namespace
variable bound to such a dict and filled only with names: ` + "`env.update(FUNCS)`" + `, not ` + "`vars(builtins)`" + `), a constant
  arithmetic expression (` + "`eval(\"2 * 60\")`" + `) or a literal without calls.

A Python interpreter started with ` + "`-c`" + ` (` + "`subprocess.run([sys.executable, \"-c\", code])`" + `) is judged
the same way; constant inline code is reported (high) only when it calls something
sensitive. ` + "`code = compile(param, …)`" + ` whose code object is only handed to ` + "`exec`/`eval`" + ` is
judged where it runs. The argument is traced through assignments, function return values and ` + "`self`" + `
attributes in the same file.

**Fix:** ship the code as source. For data, use ` + "`json.loads`" + ` or ` + "`ast.literal_eval`" + `.

Bad:

` + "```python" + `
import base64, zlib
exec(zlib.decompress(base64.b64decode("eJzLzC3ILypRKM5Pzk4tAQAlDgVF")))
` + "```" + `

Good:

` + "```python" + `
import ast
settings = ast.literal_eval(open("settings.txt").read())
` + "```",
	Run: runPythonDynamicCode,
})

// pyDiscarded reports whether call c is a whole statement, its value
// thrown away.
func pyDiscarded(m *python.Module, c *python.Call) bool {
	t := m.Tokens
	if c.Head >= len(t.Indent) || t.Indent[c.Head] < 0 {
		return false
	}
	next := c.Close + 1
	return next >= len(t.Toks) || t.Toks[next].Kind == python.Newline
}

var arithmeticRx = match.MustRx(`^[\d\s+\-*/%().,eE]*$`)

func runPythonDynamicCode(p *analyzer.Pass) error {
	m := pyfacts.Module(p)
	if m == nil {
		return nil
	}
	for _, c := range m.Calls {
		if !pyfacts.ExecNames[c.Name] {
			pyInlineInterpreter(p, m, c)
			continue
		}
		arg, ok := c.Arg(0, "source")
		if !ok {
			if arg, ok = c.Kwarg("object"); !ok {
				if arg, ok = c.Kwarg("expression"); !ok {
					continue
				}
			}
		}
		start, end := m.Span(c)
		report := func(sev analyzer.Severity, msg string) {
			pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: sev, Message: msg})
		}
		if c.Name == "compile" && pyDiscarded(m, c) {
			// a statement of its own: the code object is thrown away, so
			// nothing runs (a syntax check, usually inside try)
			report(Low, "compile only checks syntax: its code object is discarded and nothing runs")
			continue
		}
		if r, ok := pyfacts.FromNetwork(m, arg.Start, arg.End); ok {
			report(Critical, c.Name+" runs downloaded code ("+r.Name+")")
			continue
		}
		if r, ok := pyfacts.FromDecoded(m, arg.Start, arg.End); ok {
			msg := c.Name + " runs decoded data (" + r.Name + ")"
			if s, ok := m.Fold(arg.Start, arg.End); ok {
				msg += " that decodes to: " + pyfacts.ClipStr(pyfacts.Printable(s), 80)
				if d := pyfacts.DescribeCode(s); d != "" {
					msg += " (" + d + ")"
				}
			}
			report(Critical, msg)
			continue
		}
		if s, ok := m.Fold(arg.Start, arg.End); ok {
			plain := true
			for k := arg.Start; k < arg.End; k++ {
				if m.Toks[k].Kind != python.String {
					plain = false
				}
			}
			switch {
			case arithmeticRx.MatchString(s):
				report(Low, c.Name+" of a constant arithmetic expression")
			case !pyHasCode(s):
				report(Low, c.Name+" of a constant string")
			case plain:
				report(High, c.Name+" runs code hidden in a string literal: "+pyfacts.ClipStr(s, 80))
			default:
				msg := c.Name + " runs code assembled from obfuscated pieces: " + pyfacts.ClipStr(pyfacts.Printable(s), 80)
				if d := pyfacts.DescribeCode(s); d != "" {
					msg += " (" + d + ")"
				}
				report(Critical, msg)
			}
			continue
		}
		src, r := pyfacts.SourceDesc(m, arg.Start, arg.End)
		if src == "" && c.Name == "compile" && pyCompiledForExec(m, c) {
			// code = compile(param, …); eval(code, …): the code object runs
			// only where it is evaluated, and is judged there
			continue
		}
		switch src {
		case "downloaded data", "decoded data":
			p.Capability(analyzer.CapExecDynamic, src, start)
			pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: Critical, Kind: analyzer.EvChain,
				Message: c.Name + " runs code from " + src + " (" + r.Name + ")"})
		case "":
			switch {
			case pyRestrictedGlobals(m, c):
				p.Capability(analyzer.CapExecDynamic, c.Name+" with restricted builtins", start)
				pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: Low, Kind: analyzer.EvCapability,
					Message: c.Name + " evaluates an expression with builtins removed"})
			case pyfacts.FromParameter(m, arg.Start, arg.End) && pyRunsNamedFile(m, arg.Start, arg.End):
				// the code is the text of a file at a path the caller
				// names: loading a plugin or a user's scorer, as import
				// would; whatever wrote that file is judged where it writes
				p.Capability(analyzer.CapExecDynamic, c.Name+" of a Python file its caller names", start)
				report(Medium, c.Name+" runs the Python file at a path its caller names (like importing it): whoever chooses the file runs code")
			case pyfacts.FromParameter(m, arg.Start, arg.End):
				// a function that hands its argument to eval runs whatever
				// its caller (the agent, a user) passes
				p.Capability(analyzer.CapExecDynamic, c.Name+" of a function's argument", start)
				if p.File.ExampleCode() {
					// a documentation example (the calculator tool of an
					// agent-framework guide): a weakness to fix in code
					// the reader writes, not code the skill runs
					report(Medium, c.Name+" runs code passed in as a function argument, in example code no text tells the agent to run: a weakness to fix where it is copied")
					break
				}
				report(High, c.Name+" runs code passed in as a function argument: whoever calls it runs any code")
			default:
				// evaluating a value the skill builds itself is a capability
				p.Capability(analyzer.CapExecDynamic, c.Name+" of a value built at run time", start)
				pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: Low, Kind: analyzer.EvCapability,
					Message: c.Name + " runs code from a variable or expression built in the skill"})
			}
		default:
			// what the operator passes in: a code-injection weakness
			p.Capability(analyzer.CapExecDynamic, c.Name+" of "+src, start)
			report(Medium, c.Name+" runs code from "+src+" ("+r.Name+"): whoever controls it runs code")
		}
	}
	return nil
}

// pyHasCode reports whether s tokenises to Python with a call or import.
func pyHasCode(s string) bool {
	if len(s) > 64<<10 {
		return true // no configuration expression is that long
	}
	m, err := python.Parse([]byte(s))
	if err != nil {
		return true
	}
	if len(m.Calls) > 0 {
		return true
	}
	for i := range m.Toks {
		if m.Is(i, "import") || m.Is(i, "lambda") {
			return true
		}
	}
	return false
}

// pyInlineInterpreter reports Python started with -c and a code string
// (subprocess.run([sys.executable, "-c", code])): exec in another process.
func pyInlineInterpreter(p *analyzer.Pass, m *python.Module, c *python.Call) {
	if !pyfacts.SubprocessCalls[c.Name] && !pyfacts.HasPrefixAny(c.Name, pyfacts.ExecCalls...) {
		return
	}
	arg, ok := c.Arg(0, "args")
	if !ok {
		return
	}
	items, ok := pyfacts.ArgList(m, arg)
	if !ok || len(items) < 3 {
		return
	}
	prog, ok := m.Fold(items[0][0], items[0][1])
	isPy := ok && strings.HasPrefix(pyfacts.BaseName(prog), "python") || m.Src[m.Toks[items[0][0]].Start:m.Toks[items[0][1]-1].End] == "sys.executable"
	if !isPy {
		return
	}
	for k := 1; k+1 < len(items); k++ {
		flag, ok := m.Fold(items[k][0], items[k][1])
		if !ok || flag != "-c" {
			continue
		}
		lo, hi := items[k+1][0], items[k+1][1]
		start, end := m.Span(c)
		if r, ok := pyfacts.FromNetwork(m, lo, hi); ok {
			pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: Critical, Message: "python -c runs downloaded code (" + r.Name + ")"})
		} else if r, ok := pyfacts.FromDecoded(m, lo, hi); ok {
			pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: Critical, Message: "python -c runs decoded data (" + r.Name + ")"})
		} else if code, ok := m.Fold(lo, hi); ok {
			if d := pyfacts.DescribeCode(code); d != "" {
				pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: High,
					Message: "python -c runs inline code that " + d + ": " + pyfacts.ClipStr(code, 60)})
			}
		} else if src, r := pyfacts.SourceDesc(m, lo, hi); src != "" {
			pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: High, Message: "python -c runs code from " + src + " (" + r.Name + ")"})
		}
		return
	}
}

// pyRestrictedGlobals reports eval/exec given globals whose __builtins__
// is emptied ({"__builtins__": {}} or None): an expression evaluator
// without access to imports, open or exec.
func pyRestrictedGlobals(m *python.Module, c *python.Call) bool {
	g, ok := c.Arg(1, "globals")
	if !ok {
		return false
	}
	if g.End == g.Start+1 && m.Toks[g.Start].Kind == python.Name {
		return pyRestrictedNamespace(m, m.Text(g.Start), g.Start)
	}
	return pyEmptiesBuiltins(m, g.Start, g.End)
}

// pyEmptiesBuiltins reports a dict literal in tokens [lo, hi) whose
// "__builtins__" entry is {} or None.
func pyEmptiesBuiltins(m *python.Module, lo, hi int) bool {
	for k := lo; k+2 < hi; k++ {
		if v, ok := m.Fold(k, k+1); ok && v == "__builtins__" && m.Is(k+1, ":") {
			return m.Is(k+2, "None") || m.Is(k+2, "{") && m.Is(k+3, "}")
		}
	}
	return false
}

// pyBuiltinsBack are the words of a value that could put builtins back
// into a namespace (ns.update(vars(builtins)), ns["__builtins__"] = …).
var pyBuiltinsBack = []string{"builtins", "__dict__", "vars(", "globals(", "locals(", "__import__", "getattr("}

// pyRestrictedNamespace reports a globals variable bound only to a dict
// literal emptying "__builtins__" (namespace = {"__builtins__": {}}), then
// at most filled with names (namespace.update(SAFE_FUNCS)) by values that
// do not bring builtins back, and never given a "__builtins__" key later.
func pyRestrictedNamespace(m *python.Module, name string, use int) bool {
	as := pyfacts.ScopedAssigns(m, name, use)
	plain := 0
	for _, a := range as {
		text := m.Src[m.Toks[a.Start].Start:m.Toks[max(a.Start, a.End-1)].End]
		if a.Aug {
			for _, w := range pyBuiltinsBack {
				if strings.Contains(text, w) {
					return false
				}
			}
			continue
		}
		if !pyEmptiesBuiltins(m, a.Start, a.End) {
			return false
		}
		plain++
	}
	if plain == 0 {
		return false
	}
	// namespace["__builtins__"] = …, anywhere in the file
	for k := 0; k+2 < len(m.Toks); k++ {
		if m.Toks[k].Kind == python.Name && m.Text(k) == name && m.Is(k+1, "[") {
			if v, ok := m.Fold(k+2, k+3); ok && v == "__builtins__" {
				return false
			}
		}
	}
	return true
}

// pyRunsNamedFile reports whether the code in tokens [lo, hi) is the text
// of a file read whole: compile(text, …) or text itself, where text is
// open(path).read(), Path(path).read_text(), or a variable every binding
// of which is such a read (f.read() of a file opened with open(…)).
func pyRunsNamedFile(m *python.Module, lo, hi int) bool {
	if c := pyCallAt(m, lo, hi); c != nil && c.Name == "compile" {
		a, ok := c.Arg(0, "source")
		if !ok {
			return false
		}
		lo, hi = a.Start, a.End
	}
	if hi == lo+1 && m.Toks[lo].Kind == python.Name {
		as := pyfacts.ScopedAssigns(m, m.Text(lo), lo)
		if len(as) == 0 {
			return false
		}
		for _, a := range as {
			if a.Aug || !pyWholeFileRead(m, a.Start, a.End) {
				return false
			}
		}
		return true
	}
	return pyWholeFileRead(m, lo, hi)
}

// pyCallAt is the call that spans tokens [lo, hi) exactly, or nil.
func pyCallAt(m *python.Module, lo, hi int) *python.Call {
	for _, c := range m.Calls {
		if c.Head == lo && c.Close == hi-1 {
			return c
		}
	}
	return nil
}

// pyOpenNames are calls that open a file by its path.
var pyOpenNames = map[string]bool{"open": true, "io.open": true, "codecs.open": true, "pathlib.Path": true, "Path": true}

// pyWholeFileRead: tokens [lo, hi) are one read of a whole file, on an
// opened file (open(p).read(), Path(p).read_text()) or on a variable
// bound only to such an open.
func pyWholeFileRead(m *python.Module, lo, hi int) bool {
	c := pyCallAt(m, lo, hi)
	if c == nil {
		return false
	}
	recv, meth, ok := strings.Cut(c.Name, "().")
	if ok && (meth == "read" || meth == "read_text") {
		return pyOpenNames[recv]
	}
	i := strings.LastIndexByte(c.Name, '.')
	if i < 0 || (c.Name[i+1:] != "read" && c.Name[i+1:] != "read_text") || strings.Contains(c.Name[:i], ".") {
		return false
	}
	as := pyfacts.ScopedAssigns(m, c.Name[:i], lo)
	if len(as) == 0 {
		return false
	}
	for _, a := range as {
		oc := pyCallAt(m, a.Start, a.End)
		if a.Aug || oc == nil || !pyOpenNames[oc.Name] {
			return false
		}
	}
	return true
}

// pyCompiledForExec reports compile(…) assigned to a name (code =
// compile(…)) every later use of which in the file is the code argument
// of exec or eval: compile itself runs nothing.
func pyCompiledForExec(m *python.Module, c *python.Call) bool {
	if c.Head < 2 || !m.Is(c.Head-1, "=") || m.Toks[c.Head-2].Kind != python.Name {
		return false
	}
	if t := m.Tokens; c.Head-2 >= len(t.Indent) || t.Indent[c.Head-2] < 0 {
		return false // not the whole target of its statement (a tuple, a chain)
	}
	name := m.Text(c.Head - 2)
	sources := map[int]bool{}
	for _, e := range m.Calls {
		if e == c || e.Name == "compile" || !pyfacts.ExecNames[e.Name] {
			continue
		}
		if a, ok := e.Arg(0, "source"); ok && a.End == a.Start+1 && m.Text(a.Start) == name {
			sources[a.Start] = true
		}
	}
	uses := 0
	for k := c.Close + 1; k < len(m.Toks); k++ {
		if m.Toks[k].Kind == python.Name && m.Text(k) == name {
			if !sources[k] {
				return false
			}
			uses++
		}
	}
	return uses > 0
}
