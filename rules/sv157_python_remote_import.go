package rules

import (
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/match"
	"github.com/skillvet/skillvet/facts/pyfacts"
	"github.com/skillvet/skillvet/intel"
)

// PythonRemoteImport reports Python code that imports modules from the
// network or from paths it just downloaded.
var PythonRemoteImport = register(&analyzer.Rule{
	ID:       "SV157",
	Name:     "python-remote-import",
	Title:    "Python imports code from the network or a temporary directory",
	Severity: High,
	Category: analyzer.CatRemoteExec,
	Tags:     []string{"security", "python", "CWE-829", "CWE-494"},
	Inputs:   analyzer.InPython,
	Doc: `Python code makes the import system load code that is not in the skill:

- ` + "`httpimport`" + ` (` + "`add_remote_repo`" + `, ` + "`remote_repo`" + `, ` + "`github_repo`" + `, ` + "`load`" + `) — **critical**;
- ` + "`importlib.util.spec_from_file_location`" + ` / ` + "`SourceFileLoader`" + ` / ` + "`zipimport.zipimporter`" + ` /
  ` + "`runpy.run_path`" + ` on a file downloaded in the same file — **critical**;
- ` + "`sys.path`" + ` pointed at ` + "`/tmp`" + `, ` + "`/dev/shm`" + `, a hidden directory or a URL — **high**: whatever is
  placed there next shadows real modules. An installed skill's directory
  (` + "`~/.claude/skills/<name>/scripts`" + `, ` + "`~/.openclaw/workspace/skills/<name>`" + `: a skill that builds on
  another) is **medium**, that code is analysed when its own skill is; the skill's own installed
  directory is not reported. Another directory under an agent's home (` + "`~/.openclaw/<suite>/lib`" + `, where a
  suite's installer puts a shared library) is **medium** too, unless the same file downloads something,
  and so is an application's own hidden directory (` + "`~/.myapp/lib`" + `, not a cache or temporary
  area such as ` + "`~/.cache`" + `) when neither this file downloads anything nor any file of the skill
  names that directory on a line that downloads (` + "`curl … -o ~/.myapp/lib/m.py`" + `): code the user
  installed, not a place the skill stages what it fetched.

**Fix:** ship the module in the skill, or depend on a pinned package.

Bad:

` + "```python" + `
import httpimport
with httpimport.remote_repo("http://203.0.113.8/pkgs/"):
    import agent
` + "```" + `

Good:

` + "```python" + `
import sys, pathlib
sys.path.insert(0, str(pathlib.Path(__file__).parent / "lib"))
` + "```",
	Run: runPythonRemoteImport,
})

func runPythonRemoteImport(p *analyzer.Pass) error {
	m := pyfacts.Module(p)
	if m == nil {
		return nil
	}
	files := pyfacts.DownloadedFiles(m)
	for _, c := range m.Calls {
		start, end := m.Span(c)
		switch {
		case strings.HasPrefix(c.Name, "httpimport."):
			pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: Critical,
				Message: "imports modules over HTTP (" + c.Name + ")"})
		case pyfacts.HasPrefixAny(c.Name, "importlib.util.spec_from_file_location", "importlib.machinery.SourceFileLoader",
			"importlib.machinery.SourcelessFileLoader", "zipimport.zipimporter", "runpy.run_path", "imp.load_source",
			"imp.load_compiled"):
			lo, hi := c.Open+1, c.Close
			for _, f := range files {
				if pyfacts.Mentions(m, lo, hi, "", f.Keys) {
					pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: Critical,
						Message: "loads a module from a file downloaded at line " + pyfacts.LineOf(m, f.Call.Head) + pyfacts.FromNote(f.URL)})
					break
				}
			}
		case c.Name == "sys.path.insert" || c.Name == "sys.path.append" || c.Name == "site.addsitedir":
			n := 1
			if c.Name != "sys.path.insert" {
				n = 0
			}
			a, ok := c.Positional(n)
			if !ok {
				continue
			}
			for _, pt := range pyfacts.PathOf(m, a.Start, a.End, 1) {
				if name := intel.InstalledSkill(pt); name != "" {
					if p.Skill.OwnName(name) {
						break // this skill's own code, analysed here
					}
					// another installed skill's code, scanned with that skill
					pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: Medium,
						Message: "adds " + pyfacts.ClipStr(pt, 60) + " to the module search path (another installed skill's code: it is analysed when that skill is)"})
					break
				}
				if intel.AgentHomePath(pt) && len(files) == 0 {
					// a library the agent's installers put in its own
					// directory: code from outside the skill, not a
					// staging place this file downloads into
					pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: Medium,
						Message: "adds " + pyfacts.ClipStr(pt, 60) + " to the module search path (code installed under the agent's directory, outside the skill: not analysed here)"})
					break
				}
				if pyRiskyImportPath(pt) {
					if dir := pyInstalledAppDir(pt); dir != "" && len(files) == 0 && !pyStagedBySkill(p, dir) {
						// an application the user installed in its own
						// hidden directory (~/.myapp/lib): code from
						// outside the skill, which nothing in the skill
						// downloads there
						pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: Medium,
							Message: "adds " + pyfacts.ClipStr(pt, 60) + " to the module search path (an application installed in " + dir + ", outside the skill: not analysed here)"})
						break
					}
					pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end,
						Message: "adds " + pyfacts.ClipStr(pt, 60) + " to the module search path"})
					break
				}
			}
		}
	}
	return nil
}

func pyRiskyImportPath(pt string) bool {
	return strings.HasPrefix(pt, "/tmp") || strings.HasPrefix(pt, "/var/tmp") || strings.HasPrefix(pt, "/dev/shm") ||
		strings.Contains(pt, "://") || strings.HasPrefix(pt, "~/.") && !strings.HasPrefix(pt, "~/.local/lib") ||
		strings.Contains(strings.ToLower(pt), "/appdata/local/temp")
}

// pyCacheDirRx matches a hidden directory (or one under it) named as a
// cache or temporary area: where downloads land, a staging place.
var pyCacheDirRx = match.MustRx(`(?i)(?:^|[/._-])(?:cache|caches|tmp|temp|staging|downloads?)(?:$|[/._-])`)

// pyInstalledAppDir returns the hidden home directory (~/.myapp) a path
// lies in when it names an application's own directory rather than a
// cache or temporary area (~/.cache, ~/.myapp/tmp), or "".
func pyInstalledAppDir(pt string) string {
	rest, ok := strings.CutPrefix(pt, "~/.")
	if !ok || rest == "" || pyCacheDirRx.MatchString(pt[2:]) || strings.ContainsAny(pt, "*{}$") {
		return ""
	}
	name, _, _ := strings.Cut(rest, "/")
	if name == "" {
		return ""
	}
	return "~/." + name
}

// pyStagedBySkillRx matches a line that downloads or fetches something.
var pyStagedBySkillRx = match.MustRx(`(?i)\b(?:curl|wget|urlretrieve|urlopen|requests\.get|httpx\.get|invoke-webrequest|iwr|git\s+clone|scp|rsync|aria2c)\b|\bfetch\(`)

// pyStagedBySkill reports whether a file of the skill names the hidden
// directory dir (~/.myapp) on a line that downloads: the skill fills
// that directory itself, so the import runs what it fetched.
func pyStagedBySkill(p *analyzer.Pass, dir string) bool {
	seg := dir[1:] // /.myapp
	for _, f := range p.Skill.Files {
		if !f.Kind.IsText() || !strings.Contains(string(f.Content), seg) {
			continue
		}
		for _, line := range strings.Split(string(f.Content), "\n") {
			if strings.Contains(line, seg) && pyStagedBySkillRx.MatchString(line) {
				return true
			}
		}
	}
	return false
}
