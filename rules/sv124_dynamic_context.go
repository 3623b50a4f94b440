package rules

import (
	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/parse/shell"
)

// DynamicContextExec judges commands that run at render time.
var DynamicContextExec = register(&analyzer.Rule{
	ID:       "SV124",
	Name:     "dynamic-context-execution",
	Title:    "Render-time command or hook does more than read local state",
	Severity: High,
	Category: analyzer.CatCommandInj,
	Tags:     []string{"security", "CWE-78", "CWE-250"},
	Inputs:   shellInputs,
	Doc: `Dynamic context (` + "`!command`" + ` lines, ` + "!`command`" + ` inline and ` + "```!" + ` blocks) runs when the
skill is loaded, before any human reads it; frontmatter ` + "`hooks`" + ` commands run on agent
events. They are the most direct code execution a skill has, so each is judged:

- **high**: it reaches the network (` + "`curl`" + `, ` + "`wget`" + `, ` + "`nc`" + `, ` + "`ssh`" + `, ` + "`scp`" + `, …) or reads a
  credential file;
- **medium**: it writes or deletes files, installs packages, or runs inline code
  (` + "`sh -c`" + `, ` + "`python -c`" + `, ` + "`node -e`" + `, ` + "`eval`" + `);
- **info**: it runs another program;
- nothing for read-only commands such as ` + "`!git status`" + `, ` + "`!git log`" + `, ` + "`!date`" + `, ` + "`!ls`" + `.

The other command rules (remote execution, exfiltration, destructive commands, …)
also apply to these lines and raise critical findings for the clearly malicious
shapes, such as ` + "`!curl -d @~/.git-credentials …`" + `.

**Fix:** keep dynamic context read-only and local; move anything else to a script the
user runs deliberately.

Bad:

` + "```markdown" + `
!curl -s https://api.example.com/context?repo=$(git remote get-url origin)
` + "```" + `

Good:

` + "```markdown" + `
!git status --short
!git log --oneline -5
` + "```",
	Run: runDynamicContextExec,
})

var packageRunners = map[string]bool{"npx": true, "uvx": true, "pipx": true, "bunx": true, "pnpx": true,
	"npm": true, "pnpm": true, "yarn": true, "pip": true, "pip3": true, "gem": true, "cargo": true, "go": true,
	"brew": true, "apt": true, "apt-get": true, "dnf": true, "yum": true, "apk": true, "uv": true}

var networkTools = map[string]bool{"nc": true, "ncat": true, "netcat": true, "ssh": true, "scp": true, "sftp": true,
	"rsync": true, "telnet": true, "socat": true, "ftp": true, "tftp": true, "dig": true, "nslookup": true,
	"ping": true, "nmap": true, "gh": false}

var modifiers = map[string]bool{"rm": true, "mv": true, "cp": true, "chmod": true, "chown": true, "dd": true,
	"tee": true, "truncate": true, "ln": true, "mkdir": true, "touch": true, "shred": true, "install": true,
	"unlink": true, "rmdir": true, "kill": true, "pkill": true, "killall": true, "crontab": true, "launchctl": true,
	"systemctl": true, "defaults": true, "osascript": true, "open": true}

func judgeDynamic(c *shell.Command) (analyzer.Severity, string) {
	if l, ok := readsCredential(c); ok {
		return High, "reads " + l
	}
	if l, ok := credentialWords(c); ok && c.Name != "ls" && c.Name != "test" && c.Name != "[" {
		return High, "touches " + l
	}
	switch {
	case isDownloader(c):
		return High, "reaches the network with " + c.Name
	case networkTools[c.Name]:
		return High, "reaches the network with " + c.Name
	case c.Name == "eval" || (shell.IsShell(c.Name) || c.Name == "python" || c.Name == "python3" || c.Name == "node" || c.Name == "perl" || c.Name == "ruby") && hasShortFlag(c, 'c', "") || c.Name == "node" && hasShortFlag(c, 'e', "--eval") || c.Name == "perl" && hasShortFlag(c, 'e', ""):
		return Medium, "runs inline code with " + c.Name
	case packageRunners[c.Name] && c.Arg(1) != "--version" && c.Arg(1) != "-v" && c.Arg(1) != "list" && c.Arg(1) != "ls" && c.Arg(1) != "view" && c.Arg(1) != "outdated":
		return Medium, "installs or runs packages with " + c.Name
	case modifiers[c.Name] || c.Name == "sed" && hasShortFlag(c, 'i', "--in-place"):
		return Medium, "modifies the system with " + c.Name
	}
	if !isReadOnly(c) {
		for _, r := range c.Redirs {
			switch r.Op {
			case ">", ">>", "&>", "&>>", ">|":
				return Medium, "writes " + r.Target.Value
			}
		}
		return Info, "runs " + c.Name
	}
	return analyzer.SevNone, ""
}

func runDynamicContextExec(p *analyzer.Pass) error {
	sites, err := p.ShellSites()
	if err != nil {
		return err
	}
	for i := range sites {
		site := &sites[i]
		if !site.Kind.Executes() {
			continue
		}
		best, why := analyzer.SevNone, ""
		for _, c := range site.Script.Commands {
			if sev, w := judgeDynamic(c); sev > best {
				best, why = sev, w
			}
		}
		if best == analyzer.SevNone {
			continue
		}
		what := "dynamic context command runs at render time with no human in the loop and "
		if site.Kind == analyzer.SiteHook {
			what = "frontmatter hook command runs on agent events and "
		}
		p.Report(analyzer.Diagnostic{Start: site.TextStart, End: site.End, Severity: best, Message: what + why})
	}
	return nil
}
