package rules

import (
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/pyfacts"
	"github.com/skillvet/skillvet/parse/python"
)

// PythonObfuscatedCall reports dangerous functions reached through
// computed names.
var PythonObfuscatedCall = register(&analyzer.Rule{
	ID:       "SV440",
	Name:     "python-obfuscated-call",
	Title:    "Python reaches a dangerous function through a computed name",
	Severity: High,
	Category: analyzer.CatObfuscation,
	Tags:     []string{"security", "python", "obfuscation", "CWE-506"},
	Inputs:   analyzer.InPython,
	Doc: `Python code calls ` + "`exec`" + `, ` + "`eval`" + `, ` + "`os.system`" + `, ` + "`subprocess`" + `, sockets,
` + "`pickle`" + `/` + "`marshal`" + ` or similar through a name held in a string:
` + "`getattr(os, 'system')`" + `, ` + "`__import__('subprocess')`" + `, ` + "`importlib.import_module('o'+'s')`" + `,
` + "`getattr(__builtins__, 'ex'+'ec')`" + `, ` + "`__builtins__.__dict__['eval']`" + `, ` + "`globals()['exec']`" + `,
or an alias assigned from one of those; or writes the name with look-alike Unicode letters
(` + "`ｅｘｅｃ`" + `, ` + "`𝐨𝐬.𝗌𝗒𝗌𝗍𝖾𝗆`" + `) that Python normalises to the ASCII name. Ordinary code names what it calls; spelling a
function as a string is how malware keeps names like ` + "`exec`" + ` and ` + "`os.system`" + ` out of
naive scanners (skillvet resolves the name and the other rules judge the call).

- **critical** when the name is written with look-alike letters, or the string is assembled (concatenation, ` + "`join`" + `, ` + "`chr`" + `, reversal,
  base64/hex/rot13) — hiding is the only reason to do that;
- **high** when the name is a plain literal.

` + "`importlib.import_module(name)`" + ` with a variable (plugin loaders) is not reported.

**Fix:** import the module and call the function by name.

Bad:

` + "```python" + `
getattr(__import__("o" + "s"), "sys" + "tem")(cmd)
` + "```" + `

Good:

` + "```python" + `
import subprocess
subprocess.run(["git", "status"], check=True)
` + "```",
	Run: runPythonObfuscatedCall,
})

var pyDynamicLookup = map[string]bool{"getattr": true, "__import__": true, "importlib.import_module": true,
	"importlib.__import__": true}

// pyLookupStrings returns how the name strings of dynamic lookups in
// tokens [a, b) are written: found is false when there are none, plain
// false when one of them is assembled rather than a literal.
func pyLookupStrings(m *python.Module, a, b int) (found, plain bool) {
	plain = true
	check := func(lo, hi int) {
		if _, ok := m.Fold(lo, hi); !ok {
			return
		}
		found = true
		if hi-lo != 1 || m.Toks[lo].Kind != python.String || strings.ContainsRune(m.Text(lo), '\\') {
			plain = false
		}
	}
	for _, c := range m.CallsIn(a, b) {
		if !pyDynamicLookup[c.Name] || c.Close >= b {
			continue
		}
		n := 0
		if c.Name == "getattr" {
			n = 1
		}
		if arg, ok := c.Positional(n); ok {
			check(arg.Start, arg.End)
		}
	}
	for k := a; k < b; k++ {
		if m.Is(k, "[") && k > 0 && m.Match[k] > 0 {
			prev := m.Text(k - 1)
			if prev == "__dict__" || prev == ")" && k >= 3 && (m.Is(k-3, "globals") || m.Is(k-3, "locals") || m.Is(k-3, "vars")) || prev == "__builtins__" {
				check(k+1, int(m.Match[k]))
			}
		}
	}
	return found, plain
}

func runPythonObfuscatedCall(p *analyzer.Pass) error {
	m := pyfacts.Module(p)
	if m == nil {
		return nil
	}
	var spans [][2]int
	for _, c := range m.Calls {
		if !pyfacts.Sensitive(c.Name) {
			continue
		}
		if k, ok := pyDisguisedIn(m, c.Head, c.Open); ok {
			start, end := m.Span(c)
			spans = append(spans, [2]int{start, end})
			pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: Critical,
				Message: c.Name + " written with look-alike Unicode letters (" + m.Src[m.Toks[k].Start:m.Toks[k].End] + ")"})
			continue
		}
		if pyDynamicLookup[c.Name] {
			continue
		}
		found, plain := pyLookupStrings(m, c.Head, c.Open)
		via := ""
		if !found && m.Toks[c.Head].Kind == python.Name {
			// an alias: e = getattr(builtins, 'exec'); e(code)
			head := m.Text(c.Head)
			if as := m.Assigns[head]; len(as) == 1 && m.Aliases[head] != "" {
				found, plain = pyLookupStrings(m, as[0].Start, as[0].End)
				via = " (through " + head + ", line " + pyfacts.LineOf(m, as[0].Tok) + ")"
			}
		}
		if !found {
			continue
		}
		start, end := m.Span(c)
		spans = append(spans, [2]int{start, end})
		if plain && pyInertOSName(c.Name) {
			// getattr(os, "geteuid", None): the way code checks that a
			// platform has a function, not a way to hide one that acts
			pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: Medium,
				Message: c.Name + " called through a name in a string" + via + " (a query the platform may lack; it runs nothing)"})
		} else if plain {
			pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: High,
				Message: c.Name + " called through a name in a string" + via})
		} else {
			pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: Critical,
				Message: c.Name + " called through an assembled name" + via})
		}
	}
	// __import__('b' + 'ase64') on its own
	for _, c := range m.Calls {
		if c.Name == "getattr" || !pyDynamicLookup[c.Name] {
			continue
		}
		arg, ok := c.Positional(0)
		if !ok {
			continue
		}
		mod, ok := m.Fold(arg.Start, arg.End)
		if !ok || !pyfacts.Sensitive(mod+".") {
			continue
		}
		if found, plain := pyLookupStrings(m, c.Head, c.Close+1); !found || plain {
			continue
		}
		start, end := m.Span(c)
		inside := false
		for _, sp := range spans {
			inside = inside || start >= sp[0] && end <= sp[1]
		}
		if !inside {
			pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: Critical,
				Message: "imports " + mod + " through an assembled name"})
		}
	}
	return nil
}

// pyDisguisedIn returns a name token in [a, b) written with compatibility
// characters (ｅｘｅｃ, 𝐨𝐬), which Python reads as the plain name.
func pyDisguisedIn(m *python.Module, a, b int) (int, bool) {
	for k := a; k < b; k++ {
		if m.Disguised(k) {
			return k, true
		}
	}
	if m.Toks[a].Kind == python.Name {
		// an alias imported or assigned under a disguised name
		head := m.Text(a)
		for _, as := range m.Assigns[head] {
			if m.Disguised(as.Tok) {
				return as.Tok, true
			}
		}
	}
	return 0, false
}

// pyInertOSName reports an os (posix, nt) function that only queries the
// process or platform (getuid, geteuid, cpu_count, linesep.join,
// path.join): looking it up by a string name hides nothing that acts.
func pyInertOSName(name string) bool {
	for _, pre := range []string{"os.", "posix.", "nt."} {
		if !strings.HasPrefix(name, pre) {
			continue
		}
		rest := name[len(pre):]
		switch {
		case strings.HasPrefix(rest, "path."), strings.HasPrefix(rest, "linesep."), strings.HasPrefix(rest, "sep."):
			return true
		case strings.HasPrefix(rest, "get") && rest != "getenv" && !strings.Contains(rest, "."):
			return true // getuid, geteuid, getpid, getcwd, getlogin, getloadavg
		}
		switch rest {
		case "cpu_count", "uname", "fstat", "stat", "lstat", "isatty", "get_terminal_size", "umask", "device_encoding", "fspath", "fsencode", "fsdecode":
			return true
		}
	}
	return false
}
