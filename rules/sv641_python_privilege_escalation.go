package rules

import (
	"github.com/skillvet/skillvet/facts/match"
	"strconv"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/pyfacts"
	"github.com/skillvet/skillvet/parse/python"
)

// PythonPrivilegeEscalation reports Python code that gains root or
// administrator rights.
var PythonPrivilegeEscalation = register(&analyzer.Rule{
	ID:       "SV641",
	Name:     "python-privilege-escalation",
	Title:    "Python gains root or administrator rights (sudo, setuid, sudoers)",
	Severity: High,
	Category: analyzer.CatPrivEsc,
	Tags:     []string{"security", "python", "CWE-250", "CWE-269"},
	Inputs:   analyzer.InPython,
	Doc: `Python code raises its privileges:

- runs ` + "`sudo`" + `, ` + "`pkexec`" + `, ` + "`doas`" + `, ` + "`su -c`" + ` or ` + "`runas`" + ` through ` + "`subprocess`" + `/` + "`os.system`" + `
  (**high**), or pipes a password into ` + "`sudo -S`" + ` (**critical**);
- ` + "`os.setuid(0)`" + `, ` + "`os.seteuid(0)`" + `, ` + "`os.setgid(0)`" + ` and friends (**high**);
- sets the setuid/setgid bit: ` + "`os.chmod(p, 0o4755)`" + `, ` + "`chmod u+s`" + ` (**high**);
- writes ` + "`/etc/sudoers`" + `, ` + "`/etc/sudoers.d/*`" + `, ` + "`/etc/passwd`" + ` or ` + "`/etc/shadow`" + ` (**critical**);
- asks Windows for elevation: ` + "`ShellExecuteW(None, \"runas\", …)`" + ` (**high**).

An agent that runs a skill must not be turned into a root shell. Checking
` + "`os.geteuid() == 0`" + ` and dropping privileges (` + "`os.setuid(1000)`" + `) are not reported.

**Fix:** tell the user which command needs root and let them run it.

Bad:

` + "```python" + `
import subprocess
subprocess.run("echo hunter2 | sudo -S cp agent /usr/local/bin/", shell=True)
` + "```" + `

Good:

` + "```python" + `
import os, sys
if os.geteuid() != 0:
    sys.exit("Please run: sudo make install")
` + "```",
	Run: runPythonPrivilegeEscalation,
})

var pySudoRx = match.MustRx(`(?i)(^|[;&|(]\s*|\s)(sudo|pkexec|doas|runas)(\s|$)|(^|[;&|]\s*)su\s+(-\S*\s+)*-c\b`)
var pySudoPassRx = match.MustRx(`(?i)\|\s*sudo\s+(-\S+\s+)*-S\b|sudo\s+(-\S+\s+)*-S\b.*<<<`)
var pySetuidCmdRx = match.MustRx(`(?i)\bchmod\s+([ugoa]*\+[rwx]*s|[2467][0-7]{3})\b`)
var pySudoersRx = match.MustRx(`^/etc/(sudoers(\.d/.*)?|passwd|shadow|group)$`)

var pySetIDCalls = map[string]bool{"os.setuid": true, "os.seteuid": true, "os.setgid": true, "os.setegid": true,
	"os.setreuid": true, "os.setresuid": true, "os.setregid": true, "os.setresgid": true}

func runPythonPrivilegeEscalation(p *analyzer.Pass) error {
	m := pyfacts.Module(p)
	if m == nil {
		return nil
	}
	for _, c := range m.Calls {
		start, end := m.Span(c)
		report := func(sev analyzer.Severity, msg string) {
			pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: sev, Message: msg})
		}
		switch {
		case pySetIDCalls[c.Name]:
			if a, ok := c.Positional(0); ok && m.ArgText(a) == "0" {
				report(High, c.Name+"(0) switches to root")
			}
			continue
		case c.Name == "os.chmod" || c.Name == "os.lchmod" || strings.HasSuffix(c.Name, ".chmod"):
			mode, ok := c.Arg(1, "mode")
			if !ok && !strings.HasPrefix(c.Name, "os.") {
				mode, ok = c.Arg(0, "mode")
			}
			if ok && pySetIDMode(m, mode) {
				report(High, "sets the setuid/setgid bit")
			}
			continue
		case strings.HasSuffix(c.Name, "ShellExecuteW") || strings.HasSuffix(c.Name, "ShellExecuteA") || strings.HasSuffix(c.Name, "ShellExecute"):
			if a, ok := c.Positional(1); ok {
				if v, ok := m.Fold(a.Start, a.End); ok && strings.EqualFold(v, "runas") {
					report(High, "requests administrator rights (ShellExecute runas)")
				}
			}
			continue
		}
		if target, ok := pyWritesFile(m, c); ok && pySudoersRx.MatchString(target) {
			report(Critical, "writes "+target)
			continue
		}
		cmd, ok := pyfacts.CommandText(m, c)
		if !ok {
			continue
		}
		switch {
		case pySudoPassRx.MatchString(cmd):
			report(Critical, "pipes a password into sudo -S: "+pyfacts.ClipStr(cmd, 80))
		case pySudoRx.MatchString(cmd):
			report(High, "runs a command as root: "+pyfacts.ClipStr(cmd, 80))
		case pySetuidCmdRx.MatchString(cmd):
			report(High, "sets the setuid/setgid bit: "+pyfacts.ClipStr(cmd, 80))
		}
	}
	return nil
}

func pySetIDMode(m *python.Module, a python.Arg) bool {
	t := m.ArgText(a)
	if strings.Contains(t, "S_ISUID") || strings.Contains(t, "S_ISGID") {
		return true
	}
	n, err := strconv.ParseInt(t, 0, 64)
	return err == nil && a.End-a.Start == 1 && n&0o6000 != 0
}

// pyWritesFile returns the constant path a call opens for writing or
// writes to.
func pyWritesFile(m *python.Module, c *python.Call) (string, bool) {
	var a python.Arg
	var ok bool
	switch {
	case c.Name == "open" || c.Name == "io.open" || c.Name == "codecs.open":
		if !pyfacts.IsWriteMode(pyfacts.OpenMode(m, c)) {
			return "", false
		}
		a, ok = c.Arg(0, "file")
	case pyfacts.HasPrefixAny(c.Name, "shutil.copy", "shutil.move", "os.rename", "os.replace"):
		a, ok = c.Arg(1, "dst")
	case pyfacts.HasSuffixAny(c.Name, ".write_text", ".write_bytes"):
		for _, pt := range pyfacts.PathOf(m, c.Head, c.Open, 1) {
			if strings.HasPrefix(pt, "/") {
				return pt, true
			}
		}
		return "", false
	}
	if !ok {
		return "", false
	}
	for _, pt := range pyfacts.PathOf(m, a.Start, a.End, 1) {
		if strings.HasPrefix(pt, "/") {
			return pt, true
		}
	}
	return "", false
}
