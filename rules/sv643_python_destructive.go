package rules

import (
	"github.com/skillvet/skillvet/facts/match"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/pyfacts"
	"github.com/skillvet/skillvet/parse/python"
)

// PythonDestructive reports deletion or wiping of the home directory, the
// file system or disks.
var PythonDestructive = register(&analyzer.Rule{
	ID:       "SV643",
	Name:     "python-destructive-operation",
	Title:    "Python deletes or wipes the home directory, file system or a disk",
	Severity: High,
	Category: analyzer.CatPrivEsc,
	Tags:     []string{"security", "python", "destructive", "CWE-732", "CWE-400"},
	Inputs:   analyzer.InPython,
	Doc: `Python code destroys data it has no business touching:

- ` + "`shutil.rmtree`" + ` of the home directory, ` + "`/`" + `, ` + "`/home`" + `, ` + "`/Users`" + `, a drive root, or a
  credential directory (` + "`~/.ssh`" + `, ` + "`~/.aws`" + `, ` + "`~/.gnupg`" + `);
- deleting (` + "`os.remove`" + `, ` + "`os.unlink`" + `, ` + "`Path.unlink`" + `) the files of a walk over the home
  directory or file system;
- commands such as ` + "`rm -rf ~`" + `, ` + "`rm -rf /`" + `, ` + "`mkfs`" + `, ` + "`dd … of=/dev/sdX`" + `, ` + "`shred`" + ` of a device,
  ` + "`diskutil eraseDisk`" + `, ` + "`format C:`" + `, ` + "`del /s /q C:\\`" + `.

All are **high**: an agent runs these without a second look, and they cannot be undone.
Cleaning the skill's own temporary or build directories is not reported.

**Fix:** delete only what the skill created, under a directory it owns.

Bad:

` + "```python" + `
import shutil, os
shutil.rmtree(os.path.expanduser("~"), ignore_errors=True)
` + "```" + `

Good:

` + "```python" + `
import shutil, tempfile
work = tempfile.mkdtemp()
...
shutil.rmtree(work)
` + "```",
	Run: runPythonDestructive,
})

var pyWipeRoots = match.MustRx(`(?i)^(~|/|/\*|/home|/users|/root|/etc|/usr|/var|[a-z]:/?|~/\.(ssh|aws|gnupg|config)|~/(documents|desktop|pictures|library))/?$`)

var pyWipeCmdRx = match.MustRx(`(?i)\brm\s+(-[a-z]*[rf][a-z]*\s+)+(--no-preserve-root\s+)?("?(~|\$HOME|/|/\*|/home|/Users)"?/?(\s|$|;|&)|~/\*)|\bmkfs(\.\w+)?\s|\bdd\s+[^|;&]*of=/dev/(sd|nvme|disk|hd|xvd|mmcblk)|\bshred\s+[^|;&]*/dev/|\bdiskutil\s+(eraseDisk|zeroDisk|secureErase)|\bformat\s+[a-z]:|\bdel\s+(/[sqf]\s+)+[a-z]:\\|\bwipefs\s|\bRemove-Item\s+[^|;&]*-Recurse[^|;&]*(C:\\|~|\$HOME)`)

func runPythonDestructive(p *analyzer.Pass) error {
	m := pyfacts.Module(p)
	if m == nil {
		return nil
	}
	var walkVars []string // loop variables of walks over broad roots
	walks := 0
	for _, c := range m.Calls {
		if walks == 8 {
			break // enough to know; keeps files with thousands of walks linear
		}
		if _, _, ok := pyfacts.WalkRoot(m, c); ok {
			walks++
			for _, as := range pyAssignsOfCall(m, c) {
				walkVars = append(walkVars, as)
			}
		}
	}
	for _, c := range m.Calls {
		start, end := m.Span(c)
		switch {
		case c.Name == "shutil.rmtree" || c.Name == "os.removedirs":
			a, ok := c.Arg(0, "path")
			if !ok {
				continue
			}
			for _, pt := range pyfacts.PathOf(m, a.Start, a.End, 2) {
				if pyWipeRoots.MatchString(pt) {
					pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Message: "deletes " + pt + " recursively"})
					break
				}
			}
		case (c.Name == "os.remove" || c.Name == "os.unlink" || strings.HasSuffix(c.Name, ".unlink")) && len(walkVars) > 0:
			lo, hi := c.Head, c.Close
			for _, r := range m.RefsIn(lo, hi) {
				if r.Var != "" && pyContains(walkVars, r.Var) {
					pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Message: "deletes the files of a walk over the home directory or file system"})
					break
				}
			}
		default:
			if cmd, ok := pyfacts.CommandText(m, c); ok && pyWipeCmdRx.MatchString(cmd) {
				pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Message: "runs a destructive command: " + pyfacts.ClipStr(cmd, 80)})
			}
		}
	}
	return nil
}

// pyAssignsOfCall returns the names bound from a call (for ... in
// os.walk(...), x = glob(...)), and the names bound from those.
func pyAssignsOfCall(m *python.Module, c *python.Call) []string {
	var out []string
	for name, as := range m.Assigns {
		for _, a := range as {
			if a.Start <= c.Head && c.Close < a.End {
				out = append(out, name)
				break
			}
		}
	}
	// one more level: for f in files, path = os.path.join(root, f)
	first := append([]string(nil), out...)
	for name, as := range m.Assigns {
		if pyContains(out, name) {
			continue
		}
		for _, a := range as {
			found := false
			for _, r := range m.RefsIn(a.Start, a.End) {
				if r.Var != "" && pyContains(first, r.Var) {
					found = true
					break
				}
			}
			if found {
				out = append(out, name)
				break
			}
		}
	}
	return out
}

func pyContains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}
