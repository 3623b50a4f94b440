package rules

import (
	"github.com/skillvet/skillvet/facts/match"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/pyfacts"
	"github.com/skillvet/skillvet/intel"
	"github.com/skillvet/skillvet/parse/python"
)

// PythonHiddenString reports URLs, addresses, commands and sensitive names
// that the code assembles instead of writing.
var PythonHiddenString = register(&analyzer.Rule{
	ID:       "SV443",
	Name:     "python-hidden-string",
	Title:    "Python assembles a URL, command or sensitive name from encoded pieces",
	Severity: High,
	Category: analyzer.CatObfuscation,
	Tags:     []string{"security", "python", "obfuscation", "CWE-506"},
	Inputs:   analyzer.InPython,
	Doc: `Python code builds a string with ` + "`chr()`" + ` sequences, ` + "`bytes([...])`" + `, ` + "`bytes.fromhex`" + `,
base64 or base85, ` + "`codecs.decode(…, 'rot13')`" + `, reversal (` + "`[::-1]`" + `), XOR with a key
(` + "`bytes(c ^ k[i % len(k)] for i, c in enumerate(data))`" + `) or joins of fragments, and the
result (which skillvet computes) is a URL, an IP address, a shell command, or the name
of a sensitive module or function (` + "`os`" + `, ` + "`subprocess`" + `, ` + "`system`" + `, ` + "`exec`" + `, ` + "`socket`" + `, …).
Writing ` + "`'https://…'`" + ` as ` + "`''.join(chr(c) for c in [104, 116, …])`" + ` has one purpose: keeping the
destination or the command out of sight of a reviewer and of text search.

**High**. Joins whose fragments spell the URL or name out (` + "`''.join([BASE, \"/v1/\", path])`" + `),
ordinary joins of words, and decoding of data that is not one of these are not reported.

**Fix:** write the string as a literal.

Bad:

` + "```python" + `
host = bytes.fromhex("3230332e302e3131332e37").decode()   # "203.0.113.7"
` + "```" + `

Good:

` + "```python" + `
API = "https://api.example.com"
` + "```",
	Run: runPythonHiddenString,
})

var pyHiddenContentRx = match.MustRx(`(?i)^(os|sys|subprocess|socket|pty|ctypes|builtins|importlib|base64|zlib|marshal|pickle|system|popen|exec|eval|compile|spawn|getattr|__import__|__builtins__|check_output|Popen|dup2|connect)$|(^|[\s;|&])(curl|wget|bash|sh|powershell|cmd(\.exe)?|nc|ncat|chmod|python[0-9.]*)\s|/bin/(ba)?sh|/dev/tcp/|\\\\AppData\\|\.ssh/|\.aws/`)

var pyHostLike = match.MustRx(`^\d{1,3}(\.\d{1,3}){3}(:\d+)?$`)

// pyObfuscationNames are calls whose presence makes a constant "assembled".
var pyObfuscationNames = map[string]bool{"chr": true, "bytes.fromhex": true, "binascii.unhexlify": true,
	"binascii.a2b_hex": true, "base64.b64decode": true, "base64.b32decode": true, "base64.b16decode": true,
	"base64.urlsafe_b64decode": true, "base64.a85decode": true, "base64.b85decode": true, "base64.z85decode": true, "codecs.decode": true, "zlib.decompress": true,
	"bytes": true, "bytearray": true, "map": true, "reversed": true}

func runPythonHiddenString(p *analyzer.Pass) error {
	m := pyfacts.Module(p)
	if m == nil {
		return nil
	}
	seen := map[int]bool{}
	check := func(a, b int) {
		if a >= b || seen[a] {
			return
		}
		kind := pyAssembledKind(m, a, b)
		if kind == "" {
			return
		}
		seen[a] = true
		s, ok := m.Fold(a, b)
		if !ok || s == "" {
			return
		}
		what, hit := "", ""
		switch {
		case intel.URLRx.MatchString(s):
			hit = intel.URLRx.FindString(s)
			what = "URL " + pyfacts.ClipStr(hit, 80)
			if h, _ := intel.URLClass(hit); h != "" {
				hit = h
			}
		case pyHostLike.MatchString(s):
			hit, what = s, "IP address "+s
		case pyHiddenContentRx.MatchString(s):
			hit, what = pyHiddenContentRx.FindString(s), "\""+pyfacts.ClipStr(pyfacts.Printable(s), 60)+"\""
		default:
			return
		}
		if kind == "join" && pyLiteralContains(m, a, b, hit) {
			return // joined from fragments that spell it out: ordinary string building
		}
		pyfacts.Report(p, m, analyzer.Diagnostic{Start: m.Toks[a].Start, End: m.Toks[b-1].End,
			Message: "assembles " + what + " from encoded pieces"})
	}
	for _, as := range m.Assigns {
		for _, a := range as {
			if !a.Aug && m.Toks[a.Start].Depth == 0 {
				check(a.Start, a.End)
			}
		}
	}
	for _, c := range m.Calls {
		if m.Toks[c.Head].Depth != 0 {
			continue
		}
		for _, a := range c.Args {
			check(a.Start, a.End)
		}
	}
	return nil
}

// pyAssembledKind says how tokens [a, b) build a string: "encoded" for
// chr/bytes/hex/base64/rot13/reversal, "join" for a join of fragments with an empty separator, ""
// when the string is written plainly.
func pyAssembledKind(m *python.Module, a, b int) string {
	kind := ""
	for _, r := range m.RefsIn(a, b) {
		if !r.Call {
			continue
		}
		if pyObfuscationNames[r.Name] {
			return "encoded"
		}
		if v, ok := m.Value(r.Tok); ok && v == "" && r.Name == "str.join" {
			kind = "join"
		}
	}
	for k := a; k < b; k++ {
		if k+4 < b && m.Is(k, "[") && m.Is(k+1, ":") && m.Is(k+2, ":") && m.Is(k+3, "-") && m.Toks[k+4].Kind == python.Number {
			return "encoded" // [::-1]
		}
		if m.Is(k, "^") {
			return "encoded" // XOR with a key
		}
	}
	return kind
}

// pyLiteralContains reports whether one string literal in [a, b), or the
// constant value of one variable used there, holds s whole.
func pyLiteralContains(m *python.Module, a, b int, s string) bool {
	for k := a; k < b; k++ {
		if v, ok := m.Value(k); ok && strings.Contains(v, s) {
			return true
		}
	}
	for _, r := range m.RefsIn(a, b) {
		if r.Var != "" && !r.Call && r.End == r.Tok+1 {
			if v, ok := m.Fold(r.Tok, r.End); ok && strings.Contains(v, s) {
				return true
			}
		}
	}
	return false
}
