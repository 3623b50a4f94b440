package rules

import (
	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/pyfacts"
	"github.com/skillvet/skillvet/facts/shellfacts"
	"github.com/skillvet/skillvet/intel"
	"github.com/skillvet/skillvet/parse/shell"
)

// PythonRegistryConfig reports Python code that points a package manager
// or git at a foreign source for every later install (SV504 for Python).
var PythonRegistryConfig = register(&analyzer.Rule{
	ID:       "SV505",
	Name:     "python-registry-config",
	Title:    "Python configures a package manager or git to fetch from a foreign registry, index or mirror",
	Severity: Medium,
	Category: analyzer.CatRemoteExec,
	Tags:     []string{"security", "python", "supply-chain", "CWE-494", "CWE-829"},
	Inputs:   analyzer.InPython,
	Keywords: []string{"registry", "index", "channel", "sources", "goproxy", "insteadof", "strict-ssl", "trusted-host", "gosumdb", "repository"},
	Doc: `Python code changes where every later install or clone fetches from: it runs
` + "`npm config set registry`" + `, ` + "`pip config set global.index-url`" + ` / ` + "`extra-index-url`" + ` / ` + "`trusted-host`" + `,
` + "`poetry source add`" + `, ` + "`conda config --add channels`" + `, ` + "`gem sources --add`" + `, ` + "`go env -w GOPROXY`" + ` or
` + "`git config url.<base>.insteadOf`" + ` through ` + "`subprocess`" + `/` + "`os.system`" + `, or writes ` + "`pip.conf`" + `,
` + "`.npmrc`" + `, ` + "`uv.toml`" + `, ` + "`.pypirc`" + ` and the other registry files with ` + "`open(…).write`" + ` or
` + "`Path.write_text`" + `.

Graded as SV504 grades it: **critical** for a raw IP, tunnel, paste site or similar host, **high**
over plain http, **medium** for another host (**low** for a scoped registry), **medium** for
TLS or checksum checks turned off; public registries and mirrors, hosted registry services,
loopback and private hosts and git rewrites to code hosts are not reported.

**Fix:** install pinned versions from the public registry; document a private one for the user
to configure.

Bad:

` + "```python" + `
from pathlib import Path
(Path.home() / ".config/pip/pip.conf").write_text(
    "[global]\nextra-index-url = http://203.0.113.9/simple\n")
` + "```" + `

Good:

` + "```python" + `
print("Install with: pip install 'acme-tools==1.4.2'")
` + "```",
	Run: runPythonRegistryConfig,
})

func runPythonRegistryConfig(p *analyzer.Pass) error {
	m := pyfacts.Module(p)
	if m == nil {
		return nil
	}
	for _, c := range m.Calls {
		start, end := m.Span(c)
		var rs []shellfacts.SourceSetting
		if _, cmds := pyfacts.ProcessCommands(m, c); len(cmds) > 0 {
			for _, sc := range cmds {
				rs = append(rs, shellfacts.SourceCommands(sc)...)
			}
		} else if paths, text, ok := pyfacts.WrittenText(m, c); ok {
			for _, pt := range paths {
				if tool, ok := intel.PackageConfigFile(pt); ok {
					rs = append(rs, shellfacts.SourceText(tool, pt, text, start, false, end)...)
				}
				// git url.<base>.insteadOf written into ~/.gitconfig
				sets := shell.ConfigSettings(pt, text, shell.Anchored(start, end))
				rs = append(rs, shellfacts.SourceCommands(&shell.Command{Start: start, End: end, Settings: sets})...)
			}
		}
		for _, r := range rs {
			j := shellfacts.JudgeSource(r)
			if j.Sev == analyzer.SevNone {
				continue
			}
			pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: j.Sev,
				Message: r.Tool + " " + r.Key + " " + shellfacts.ClipText(r.Value, 60) + ": " + j.Why})
		}
	}
	return nil
}
