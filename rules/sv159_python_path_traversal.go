package rules

import (
	"github.com/skillvet/skillvet/facts/match"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/pyfacts"
	"github.com/skillvet/skillvet/parse/python"
)

// PythonPathTraversal reports a file opened, written or deleted under a
// fixed directory by a name the caller chooses, with nothing keeping the
// result inside that directory.
var PythonPathTraversal = register(&analyzer.Rule{
	ID:       "SV159",
	Name:     "python-path-traversal",
	Title:    "Python joins a caller's value to a fixed directory and opens it unchecked (path traversal)",
	Severity: High,
	Category: analyzer.CatCommandInj,
	Tags:     []string{"security", "python", "CWE-22"},
	Inputs:   analyzer.InPython,
	Keywords: []string{"open", "read_", "write_", "unlink", "remove", "rmtree", "copy", "move", "send_file"},
	Doc: `Python code builds a path from a fixed directory and a value the caller chooses —
` + "`os.path.join(BASE, name)`" + `, ` + "`BASE / name`" + `, ` + "`f\"/etc/app/{name}\"`" + `, ` + "`BASE + \"/\" + name`" + ` —
and opens, reads, writes or deletes it with nothing keeping the result inside that directory.
The code means to confine access to the directory, but ` + "`../../.ssh/id_rsa`" + ` or an absolute path
(` + "`os.path.join`" + ` drops everything before it) reaches any file the agent's user can read or
write (path traversal). The value is traced through assignments, helper functions and their
callers in the same file.

- **high** — the directory is an absolute or home path written in the code (` + "`/srv/docs`" + `,
  ` + "`~/notes`" + `) and the value is a parameter of a function nothing in the file calls (the agent
  or a web framework calls it with text from anywhere) or a web request's data;
- **medium** — the same with a relative or script-relative directory, or with a value from the
  command line, ` + "`input()`" + ` or the environment (the operator already chooses the files a script
  reads).

Not reported: a path the user gives whole (` + "`open(sys.argv[1])`" + `, ` + "`open(args.input)`" + `: opening what
the user names is the script's job), values the skill computes itself (` + "`os.listdir`" + ` results), and
code that confines the result: ` + "`os.path.realpath`" + `/` + "`abspath`" + ` or ` + "`Path.resolve()`" + ` followed by
` + "`startswith`" + `, ` + "`commonpath`" + `, ` + "`is_relative_to`" + ` or ` + "`relative_to`" + `; ` + "`os.path.basename`" + `,
` + "`Path(name).name`" + `, ` + "`secure_filename`" + `; a ` + "`'..' in name`" + ` test, an allowlist or a
regular-expression check.

**Fix:** resolve the joined path and check that it stays inside the directory, or reduce the
value to a bare file name.

Bad:

` + "```python" + `
import os

def read_note(name):
    with open(os.path.join("/srv/notes", name)) as f:
        return f.read()
` + "```" + `

Good:

` + "```python" + `
from pathlib import Path

NOTES = Path("/srv/notes").resolve()

def read_note(name):
    path = (NOTES / name).resolve()
    if not path.is_relative_to(NOTES):
        raise ValueError("outside the notes directory")
    return path.read_text()
` + "```",
	Run: runPythonPathTraversal,
})

// pyPathSinkCalls maps calls that open, write or delete a path to the
// positions of their path arguments.
var pyPathSinkCalls = map[string][]int{"open": {0}, "io.open": {0}, "codecs.open": {0}, "os.open": {0},
	"os.remove": {0}, "os.unlink": {0}, "os.rmdir": {0}, "os.removedirs": {0}, "shutil.rmtree": {0},
	"shutil.copy": {0, 1}, "shutil.copy2": {0, 1}, "shutil.copyfile": {0, 1}, "shutil.copytree": {0, 1},
	"shutil.move": {0, 1}, "os.rename": {0, 1}, "os.replace": {0, 1}, "flask.send_file": {0}}

// pyPathMethods open, write or delete the path they are called on.
var pyPathMethods = map[string]bool{"read_text": true, "read_bytes": true, "write_text": true, "write_bytes": true,
	"unlink": true, "rmdir": true, "open": true}

func runPythonPathTraversal(p *analyzer.Pass) error {
	m := pyfacts.Module(p)
	if m == nil {
		return nil
	}
	guards := pyfacts.NewGuards(m)
	origins := pyfacts.NewOrigins(m, pyfacts.Cleaners{Clean: pyPathClean, Checked: func(r python.Ref) bool {
		return pyPathChecked(m, guards, r)
	}})
	confined := map[int]bool{} // by the first token of a function, -1 for module level
	isConfined := func(tok int) bool {
		key := -1
		if f := m.Enclosing(tok); f != nil {
			key = f.Lo
		}
		c, ok := confined[key]
		if !ok {
			c = pyConfined(m, tok)
			confined[key] = c
		}
		return c
	}
	for _, c := range m.Calls {
		for _, span := range pyPathSinkSpans(m, c) {
			pj, ok := pyPathJoin(m, span[0], span[1], 0)
			if !ok {
				continue
			}
			if isConfined(c.Head) || pj.tok != c.Head && isConfined(pj.tok) {
				continue
			}
			var best pyfacts.Taint
			for _, r := range pj.rest {
				t := origins.Of(r[0], r[1])
				if t.Origin > best.Origin {
					best = t
				}
			}
			var sev analyzer.Severity
			request := best.Origin == pyfacts.OriginInput && pyRequestRef(best.Ref)
			switch {
			case best.Origin == pyfacts.OriginCaller || request:
				sev = Medium
				if pj.absolute {
					sev = High
				}
			case best.Origin == pyfacts.OriginInput || best.Origin == pyfacts.OriginEnv:
				sev = Medium
			default:
				continue
			}
			start, end := m.Span(c)
			dir := "the directory " + pyfacts.ClipStr(pj.base, 60)
			if rest, ok := strings.CutPrefix(pj.base, pyScriptDirMark); ok {
				dir = "the script's directory" + pyfacts.ClipStr(rest, 60)
			}
			name := c.Name
			if strings.HasPrefix(name, "().") {
				name = name[3:] // (BASE / name).read_text()
			}
			msg := name + " uses a path under " + dir + " built from " + best.Desc() + " with no check that it stays there"
			if sev >= High {
				msg += ": ../ or an absolute path in it reaches any file (path traversal); resolve the path and check it is inside the directory"
			}
			if sev >= High && p.File.ExampleCode() {
				sev, msg = Medium, msg+" (in example code no text tells the agent to run: a weakness to fix where it is copied)"
			}
			pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: sev, Message: msg})
			break
		}
	}
	return nil
}

// pyPathSinkSpans returns the token ranges of the paths a call opens,
// writes or deletes.
func pyPathSinkSpans(m *python.Module, c *python.Call) [][2]int {
	var out [][2]int
	if pos, ok := pyPathSinkCalls[c.Name]; ok {
		for _, k := range pos {
			if a, ok := c.Positional(k); ok {
				out = append(out, [2]int{a.Start, a.End})
			} else if k == 0 {
				for _, kw := range []string{"file", "path", "src", "filename_or_fp"} {
					if a, ok := c.Kwarg(kw); ok {
						out = append(out, [2]int{a.Start, a.End})
					}
				}
			}
		}
		return out
	}
	// path.read_text(), Path(x).unlink(), (BASE / name).open()
	if !pyPathMethods[pyfacts.LastName(c.Name)] || c.Open-2 <= c.Head || !m.Is(c.Open-2, ".") {
		return nil
	}
	if pyfacts.LastName(c.Name) == "open" && m.Toks[c.Head].Kind == python.Name && c.Head+1 == c.Open-2 {
		if _, alias := m.Aliases[m.Text(c.Head)]; alias {
			return nil // a module's open (tarfile.open, Image.open): judged by its argument elsewhere
		}
	}
	return [][2]int{{c.Head, c.Open - 2}}
}

// pyPathMaxAssigns bounds the assignments of one variable read to find
// how a path is built.
const pyPathMaxAssigns = 8

// pyJoin is a path built from a fixed directory and other pieces.
type pyJoin struct {
	base     string   // the directory as written
	absolute bool     // an absolute or home path
	rest     [][2]int // the pieces joined to it
	tok      int      // where the path is built
}

var pyAbsPathRx = match.MustRx(`^(/|~|[A-Za-z]:[\\/]|\\\\)`)

// pyPathJoin resolves a path expression to a constant directory joined
// with other pieces: os.path.join(BASE, x), Path(BASE) / x, BASE / x,
// BASE + "/" + x, f"/base/{x}", "/base/%s" % x, following a variable into
// the assignments that build it.
func pyPathJoin(m *python.Module, lo, hi, depth int) (pyJoin, bool) {
	for lo < hi && m.Is(lo, "(") && int(m.Match[lo]) == hi-1 {
		lo, hi = lo+1, hi-1
	}
	if depth > 3 || lo >= hi {
		return pyJoin{}, false
	}
	if hi-lo == 1 && m.Toks[lo].Kind == python.Name {
		as := pyfacts.ScopedAssigns(m, m.Text(lo), lo)
		for _, as := range as[:min(len(as), pyPathMaxAssigns)] {
			if as.Aug {
				continue
			}
			if j, ok := pyPathJoin(m, as.Start, as.End, depth+1); ok {
				return j, true
			}
		}
		return pyJoin{}, false
	}
	// a call spanning the whole expression: os.path.join(...), Path(...)
	if c := pyWholeCall(m, lo, hi); c != nil && c.Name != "str.format" {
		return pyJoinCall(m, c, depth)
	}
	// top-level / and + operators
	d := m.Toks[lo].Depth
	var parts [][2]int
	op := ""
	start := lo
	for k := lo; k < hi; k++ {
		if m.Toks[k].Depth != d || !(m.Is(k, "/") || m.Is(k, "+")) {
			continue
		}
		if op != "" && op != m.Text(k) {
			return pyJoin{}, false
		}
		op = m.Text(k)
		parts = append(parts, [2]int{start, k})
		start = k + 1
	}
	if op != "" {
		parts = append(parts, [2]int{start, hi})
		return pyJoinParts(m, lo, parts, depth)
	}
	// a formatted string: f"/base/{x}", "/base/%s" % x, "/base/{}".format(x)
	if m.Toks[lo].Kind == python.String {
		return pyJoinFormat(m, lo, hi)
	}
	return pyJoin{}, false
}

// pyJoinCall resolves os.path.join(...) and Path(...) calls.
func pyJoinCall(m *python.Module, c *python.Call, depth int) (pyJoin, bool) {
	switch c.Name {
	case "os.path.join", "posixpath.join", "ntpath.join", "pathlib.Path", "Path", "pathlib.PurePath", "pathlib.PosixPath":
	default:
		return pyJoin{}, false
	}
	var parts [][2]int
	for _, a := range c.Args {
		if a.Keyword != "" {
			return pyJoin{}, false
		}
		parts = append(parts, [2]int{a.Start, a.End})
	}
	if len(parts) == 1 {
		return pyPathJoin(m, parts[0][0], parts[0][1], depth+1)
	}
	return pyJoinParts(m, c.Head, parts, depth)
}

// pyJoinParts makes a join of a constant first part (a directory, or a
// join itself) and the parts after it.
func pyJoinParts(m *python.Module, tok int, parts [][2]int, depth int) (pyJoin, bool) {
	if len(parts) < 2 {
		return pyJoin{}, false
	}
	base, abs, ok := pyConstDir(m, parts[0][0], parts[0][1], depth)
	if !ok {
		// a join whose own base is fixed: os.path.join(os.path.join(BASE, a), b)
		inner, ok := pyPathJoin(m, parts[0][0], parts[0][1], depth+1)
		if !ok {
			return pyJoin{}, false
		}
		inner.rest = append(inner.rest, parts[1:]...)
		inner.tok = tok
		return inner, true
	}
	j := pyJoin{base: base, absolute: abs, tok: tok}
	for _, pt := range parts[1:] {
		if _, ok := m.Fold(pt[0], pt[1]); !ok {
			j.rest = append(j.rest, pt)
		}
	}
	return j, len(j.rest) > 0
}

// pyConstDir reports whether tokens [lo, hi) name a fixed directory, and
// renders it: a constant (directly or through a variable), Path(constant),
// the home directory (Path.home(), os.path.expanduser("~/x")), and joins
// of those with constants.
func pyConstDir(m *python.Module, lo, hi, depth int) (dir string, abs, ok bool) {
	for lo < hi && m.Is(lo, "(") && int(m.Match[lo]) == hi-1 {
		lo, hi = lo+1, hi-1
	}
	if lo >= hi || depth > 4 {
		return "", false, false
	}
	if s, ok := m.Fold(lo, hi); ok && s != "" {
		return s, pyAbsPathRx.MatchString(s), true
	}
	if pyScriptDir(m, lo, hi) {
		return pyScriptDirMark, false, true
	}
	if hi-lo == 1 && m.Toks[lo].Kind == python.Name {
		as := pyfacts.ScopedAssigns(m, m.Text(lo), lo)
		if len(as) > pyPathMaxAssigns {
			return "", false, false // rebound over and over: not a fixed directory
		}
		for _, as := range as {
			if as.Aug {
				return "", false, false
			}
			if s, abs, ok := pyConstDir(m, as.Start, as.End, depth+1); ok {
				return s, abs, true
			}
		}
		return "", false, false
	}
	if c := pyWholeCall(m, lo, hi); c != nil {
		switch c.Name {
		case "pathlib.Path.home", "Path.home":
			return "~", true, true
		case "os.path.join", "posixpath.join", "pathlib.Path", "Path", "pathlib.PurePath", "os.path.expanduser",
			"os.path.abspath", "os.path.realpath", "os.path.normpath":
			var parts [][2]int
			for _, a := range c.Args {
				if a.Keyword != "" {
					return "", false, false
				}
				parts = append(parts, [2]int{a.Start, a.End})
			}
			return pyConstDirParts(m, parts, depth)
		}
		switch pyfacts.LastName(c.Name) {
		case "expanduser", "resolve", "absolute":
			if len(c.Args) == 0 && c.Open-2 > c.Head && m.Is(c.Open-2, ".") {
				return pyConstDir(m, c.Head, c.Open-2, depth+1) // Path("~/x").expanduser()
			}
		}
		return "", false, false
	}
	d := m.Toks[lo].Depth
	var parts [][2]int
	start := lo
	for k := lo; k < hi; k++ {
		if m.Toks[k].Depth == d && m.Is(k, "/") {
			parts = append(parts, [2]int{start, k})
			start = k + 1
		}
	}
	if len(parts) == 0 {
		return "", false, false
	}
	return pyConstDirParts(m, append(parts, [2]int{start, hi}), depth)
}

// pyScriptDirMark stands for the script's directory in a rendered path.
const pyScriptDirMark = "<script dir>"

// pyScriptDirNames are the names an expression for the script's own
// directory is written with.
var pyScriptDirNames = map[string]bool{"__file__": true, "os": true, "path": true, "dirname": true, "abspath": true,
	"realpath": true, "normpath": true, "join": true, "Path": true, "pathlib": true, "parent": true, "parents": true,
	"resolve": true, "absolute": true}

// pyScriptDir reports an expression for the directory of the script
// itself (os.path.dirname(__file__), Path(__file__).resolve().parent),
// maybe joined with constants.
func pyScriptDir(m *python.Module, lo, hi int) bool {
	file := false
	for k := lo; k < hi; k++ {
		if m.Toks[k].Kind != python.Name {
			continue
		}
		n := m.Text(k)
		if !pyScriptDirNames[n] {
			return false
		}
		file = file || n == "__file__"
	}
	return file
}

// pyConstDirParts joins a fixed directory with constant parts.
func pyConstDirParts(m *python.Module, parts [][2]int, depth int) (string, bool, bool) {
	if len(parts) == 0 {
		return "", false, false
	}
	dir, abs, ok := pyConstDir(m, parts[0][0], parts[0][1], depth+1)
	if !ok {
		return "", false, false
	}
	for _, pt := range parts[1:] {
		s, ok := m.Fold(pt[0], pt[1])
		if !ok {
			return "", false, false
		}
		dir = strings.TrimSuffix(dir, "/") + "/" + s
	}
	return dir, abs, true
}

// pyWholeCall returns the call that spans tokens [lo, hi), or nil.
func pyWholeCall(m *python.Module, lo, hi int) *python.Call {
	if !m.Is(hi-1, ")") {
		return nil
	}
	if c := m.CallAt(int(m.Match[hi-1])); c != nil && c.Head == lo && c.Close == hi-1 {
		return c
	}
	return nil
}

// pyJoinFormat splits a formatted path string into its literal prefix
// (the directory) and the interpolated values.
func pyJoinFormat(m *python.Module, lo, hi int) (pyJoin, bool) {
	tk := m.Toks[lo]
	raw := m.Src[tk.Start:tk.End]
	q := strings.IndexAny(raw, `'"`)
	if q < 0 {
		return pyJoin{}, false
	}
	body := strings.TrimLeft(raw[q:], `'"`)
	switch {
	case tk.Flags&python.FlagInterp != 0:
		i := strings.IndexByte(body, '{')
		for i >= 0 && i+1 < len(body) && body[i+1] == '{' {
			j := strings.IndexByte(body[i+2:], '{')
			if j < 0 {
				i = -1
				break
			}
			i += 2 + j
		}
		// the fields: tokens inside the literal's bytes
		e := lo + 1
		for e < hi && m.Toks[e].End <= tk.End {
			e++
		}
		if i < 0 || e == lo+1 {
			return pyJoin{}, false
		}
		if i == 0 {
			// f"{BASE}/{name}": the first field is the directory
			k := lo + 2
			for k < e && !strings.Contains(m.Src[m.Toks[k-1].End:m.Toks[k].Start], "}") {
				k++
			}
			dir, abs, ok := pyConstDir(m, lo+1, k, 0)
			if !ok || k == e {
				return pyJoin{}, false
			}
			return pyJoin{base: dir, absolute: abs, rest: [][2]int{{k, e}}, tok: lo}, true
		}
		return pyJoinPrefix(m, lo, body[:i], [2]int{lo + 1, e})
	case m.Is(lo+1, "%") && lo+2 < hi:
		i := strings.IndexByte(body, '%')
		if i <= 0 {
			return pyJoin{}, false
		}
		return pyJoinPrefix(m, lo, body[:i], [2]int{lo + 2, hi})
	case m.Is(lo+1, ".") && m.Is(lo+2, "format") && m.Is(lo+3, "("):
		i := strings.IndexByte(body, '{')
		if i <= 0 {
			return pyJoin{}, false
		}
		return pyJoinPrefix(m, lo, body[:i], [2]int{lo + 4, int(m.Match[lo+3])})
	}
	return pyJoin{}, false
}

// pyJoinPrefix makes a join from the literal text before the first
// interpolation when it names a directory.
func pyJoinPrefix(m *python.Module, lo int, prefix string, rest [2]int) (pyJoin, bool) {
	if !strings.ContainsAny(prefix, `/\`) || rest[0] >= rest[1] {
		return pyJoin{}, false
	}
	prefix = prefix[:strings.LastIndexAny(prefix, `/\`)+1]
	return pyJoin{base: prefix, absolute: pyAbsPathRx.MatchString(prefix), rest: [][2]int{rest}, tok: lo}, true
}

// pyConfinedNames are the calls that keep a path inside a directory or
// reduce it to a file name.
var pyConfinedNames = map[string]bool{"basename": true, "secure_filename": true, "safe_join": true,
	"commonpath": true, "commonprefix": true, "is_relative_to": true, "relative_to": true}

// pyConfined reports whether the function holding token tok confines the
// paths it builds: a confinement call (basename, is_relative_to,
// commonpath, secure_filename), a resolved path (realpath, abspath,
// resolve, normpath) tested with startswith, or a test for "..".
func pyConfined(m *python.Module, tok int) bool {
	lo, hi := 0, len(m.Toks)
	if f := m.Enclosing(tok); f != nil {
		lo, hi = f.Lo, f.Hi
	}
	resolved, starts := false, false
	for k := lo; k < hi; k++ {
		switch m.Toks[k].Kind {
		case python.Name:
			n := m.Text(k)
			if pyConfinedNames[n] {
				return true
			}
			switch n {
			case "realpath", "abspath", "resolve", "normpath":
				resolved = true
			case "startswith":
				starts = true
			}
		case python.String:
			if v, _ := m.Value(k); strings.Contains(v, "..") && len(v) <= 4 {
				return true
			}
		}
	}
	return resolved && starts
}

// pyPathClean matches values that cannot leave a directory: a bare file
// name (os.path.basename, Path(x).name, secure_filename), a number or a
// digest (hashlib.sha256(x), hashlib.blake2b(x): hex digits once printed).
func pyPathClean(r python.Ref) bool {
	last := pyfacts.LastName(r.Name)
	return last == "basename" || last == "secure_filename" || last == "name" && strings.Contains(r.Name, "()") ||
		last == "stem" || strings.HasPrefix(r.Name, "uuid.") || strings.HasPrefix(r.Name, "hashlib.") && r.Call
}

// pyPathCheckers are the tests that validate a file name.
var pyPathCheckers = map[string]bool{"match": true, "fullmatch": true, "search": true, "isidentifier": true,
	"isalnum": true, "isdigit": true, "startswith": true, "is_relative_to": true, "relative_to": true, "commonpath": true}

// pyPathChecked reports a variable checked before its use: membership in
// an allowlist, a test for "..", a regular expression, a validation call.
func pyPathChecked(m *python.Module, guards *pyfacts.Guards, r python.Ref) bool {
	for _, g := range guards.Before(r) {
		for k := g[0]; k < g[1]; k++ {
			if m.Is(k, "in") {
				return true
			}
		}
		for _, gr := range m.RefsIn(g[0], g[1]) {
			last := strings.ToLower(pyfacts.LastName(gr.Name))
			if gr.Call && (pyPathCheckers[last] || pyfacts.IsValidatorName(last)) {
				return true
			}
		}
	}
	return false
}

// pyRequestRef matches data from a web request (not the command line).
func pyRequestRef(r python.Ref) bool {
	return strings.Contains(r.Name, "request.")
}
