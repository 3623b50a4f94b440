package rules

import (
	"regexp"

	"github.com/skillvet/skillvet/analyzer"
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
base64, ` + "`codecs.decode(…, 'rot13')`" + `, reversal (` + "`[::-1]`" + `) or joins of fragments, and the
result (which skillvet computes) is a URL, an IP address, a shell command, or the name
of a sensitive module or function (` + "`os`" + `, ` + "`subprocess`" + `, ` + "`system`" + `, ` + "`exec`" + `, ` + "`socket`" + `, …).
Writing ` + "`'https://…'`" + ` as ` + "`''.join(chr(c) for c in [104, 116, …])`" + ` has one purpose: keeping the
destination or the command out of sight of a reviewer and of text search.

**High**. Ordinary joins of words and decoding of data that is not one of these are
not reported.

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

var pyHiddenContentRx = regexp.MustCompile(`(?i)^(os|sys|subprocess|socket|pty|ctypes|builtins|importlib|base64|zlib|marshal|pickle|system|popen|exec|eval|compile|spawn|getattr|__import__|__builtins__|check_output|Popen|dup2|connect)$|(^|[\s;|&])(curl|wget|bash|sh|powershell|cmd(\.exe)?|nc|ncat|chmod|python[0-9.]*)\s|/bin/(ba)?sh|/dev/tcp/|\\\\AppData\\|\.ssh/|\.aws/`)

var pyHostLike = regexp.MustCompile(`^\d{1,3}(\.\d{1,3}){3}(:\d+)?$`)

// pyObfuscationNames are calls whose presence makes a constant "assembled".
var pyObfuscationNames = map[string]bool{"chr": true, "bytes.fromhex": true, "binascii.unhexlify": true,
	"binascii.a2b_hex": true, "base64.b64decode": true, "base64.b32decode": true, "base64.b16decode": true,
	"base64.urlsafe_b64decode": true, "base64.a85decode": true, "codecs.decode": true, "zlib.decompress": true,
	"bytes": true, "bytearray": true, "map": true, "reversed": true}

func runPythonHiddenString(p *analyzer.Pass) error {
	m := pyModule(p)
	if m == nil {
		return nil
	}
	seen := map[int]bool{}
	check := func(a, b int) {
		if a >= b || seen[a] || !pyAssembled(m, a, b) {
			return
		}
		seen[a] = true
		s, ok := m.Fold(a, b)
		if !ok || s == "" {
			return
		}
		what := ""
		switch {
		case intel.URLRx.MatchString(s):
			what = "URL " + clipStr(intel.URLRx.FindString(s), 80)
		case pyHostLike.MatchString(s):
			what = "IP address " + s
		case pyHiddenContentRx.MatchString(s):
			what = "\"" + clipStr(printable(s), 60) + "\""
		default:
			return
		}
		p.Report(analyzer.Diagnostic{Start: m.Toks[a].Start, End: m.Toks[b-1].End,
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

// pyAssembled reports whether tokens [a, b) build a string by an
// obfuscating operation rather than writing it.
func pyAssembled(m *python.Module, a, b int) bool {
	for _, r := range m.RefsIn(a, b) {
		if r.Call && (pyObfuscationNames[r.Name] || r.Name == "str.join" && pyJoinOfPieces(m, r)) {
			return true
		}
	}
	for k := a; k+4 < b; k++ {
		if m.Is(k, "[") && m.Is(k+1, ":") && m.Is(k+2, ":") && m.Is(k+3, "-") && m.Toks[k+4].Kind == python.Number {
			return true // [::-1]
		}
	}
	return false
}

// pyJoinOfPieces reports ”.join over fragments: an empty separator.
func pyJoinOfPieces(m *python.Module, r python.Ref) bool {
	v, ok := m.Value(r.Tok)
	return ok && v == ""
}
