package rules

import (
	"github.com/skillvet/skillvet/facts/match"
	"strconv"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/pyfacts"
	"github.com/skillvet/skillvet/parse/python"
)

// PythonPackedCode reports Python protected by a packer or run through an
// identifier obfuscator.
var PythonPackedCode = register(&analyzer.Rule{
	ID:       "SV442",
	Name:     "python-packed-code",
	Title:    "Python code is packed (PyArmor) or its identifiers are obfuscated",
	Severity: High,
	Category: analyzer.CatObfuscation,
	Tags:     []string{"security", "python", "obfuscation", "CWE-506", "CWE-656"},
	Inputs:   analyzer.InPython,
	Doc: `The script is not reviewable source:

- **PyArmor** and similar packers (` + "`__pyarmor__(...)`" + `, ` + "`pyarmor_runtime`" + `, ` + "`pytransform`" + `) keep
  the real code encrypted and decrypt it at run time — **high**, and the file counts as
  not analysed, so the skill is blocked whatever the threshold;
- identifier obfuscators rename everything to look-alike names (` + "`O0O0OO0O`" + `, ` + "`lIlIIlI`" + `,
  ` + "`_0x3fa2`" + `, ` + "`__________`" + `) — **medium** when at least ten such names appear.

Skills are instructions and small helpers; there is nothing to protect from the user
who installs them, and packing is how payloads get past review.

**Fix:** ship the plain source.

Bad:

` + "```python" + `
from pytransform import pyarmor_runtime
pyarmor_runtime()
__pyarmor__(__name__, __file__, b'\x50\x59\x41\x52\x4d\x4f\x52...')
` + "```" + `

Good: the readable script itself.`,
	Run: runPythonPackedCode,
})

var pyObfIdentRx = match.MustRx(`^(_*[O0]{6,}_*|_*[lI1]{6,}_*|_0x[0-9a-fA-F]{3,}|_{6,}|[Il]{3,}[Il1]*[0-9]*)$`)

func runPythonPackedCode(p *analyzer.Pass) error {
	m := pyfacts.Module(p)
	if m == nil {
		return nil
	}
	for _, c := range m.Calls {
		switch c.Name {
		case "__pyarmor__", "pyarmor_runtime", "pytransform.pyarmor_runtime", "__pyarmor_enter__", "pyarmor":
			start, end := m.Span(c)
			pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Unanalysed: true,
				Message: "PyArmor-packed code: the real code is encrypted and cannot be reviewed"})
			return nil
		}
		if pyfacts.HasPrefixAny(c.Name, "pyarmor_runtime_", "pytransform.") {
			start, end := m.Span(c)
			pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Unanalysed: true,
				Message: "PyArmor-packed code: the real code is encrypted and cannot be reviewed"})
			return nil
		}
	}
	seen := map[string]bool{}
	first := -1
	for i := range m.Toks {
		if m.Toks[i].Kind != python.Name {
			continue
		}
		t := m.Text(i)
		if len(t) < 5 || seen[t] || !pyObfIdentRx.MatchString(t) {
			continue
		}
		seen[t] = true
		if first < 0 {
			first = i
		}
	}
	if len(seen) >= 10 {
		pyfacts.Report(p, m, analyzer.Diagnostic{Start: m.Toks[first].Start, End: m.Toks[first].End, Severity: Medium,
			Message: strconv.Itoa(len(seen)) + " obfuscated identifiers (look-alike names such as " + m.Text(first) + ")"})
	}
	return nil
}
