package rules

import (
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/shellfacts"
	"github.com/skillvet/skillvet/parse/shell"
)

// ShellDynamicContext judges commands that run at render time.
var ShellDynamicContext = register(&analyzer.Rule{
	ID:       "SV124",
	Name:     "dynamic-context-execution",
	Title:    "Render-time command or hook does more than read local state",
	Severity: High,
	Category: analyzer.CatCommandInj,
	Tags:     []string{"security", "CWE-78", "CWE-250"},
	Inputs:   shellfacts.Inputs,
	Doc: `Dynamic context (` + "`!command`" + ` lines, ` + "!`command`" + ` inline and ` + "```!" + ` blocks) runs when the
skill is loaded, before any human reads it; frontmatter ` + "`hooks`" + ` commands and those of a bundled
` + "`hooks.json`" + ` run on agent events; the MCP servers a bundled ` + "`.mcp.json`" + ` (or any JSON file with
` + "`mcpServers`" + `) lists are started with the agent, their ` + "`command`" + ` and ` + "`args`" + ` read as one
command line. They are the most direct code execution a skill has, so each is judged:

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
	Run: shRunDynamicContextExec,
})

var shPackageRunners = map[string]bool{"npx": true, "uvx": true, "pipx": true, "bunx": true, "pnpx": true,
	"npm": true, "pnpm": true, "yarn": true, "pip": true, "pip3": true, "gem": true, "cargo": true, "go": true,
	"brew": true, "apt": true, "apt-get": true, "dnf": true, "yum": true, "apk": true, "uv": true}

var shModifiers = map[string]bool{"rm": true, "mv": true, "cp": true, "chmod": true, "chown": true, "dd": true,
	"tee": true, "truncate": true, "ln": true, "mkdir": true, "touch": true, "shred": true, "install": true,
	"unlink": true, "rmdir": true, "kill": true, "pkill": true, "killall": true, "crontab": true, "launchctl": true,
	"systemctl": true, "defaults": true, "osascript": true, "open": true}

func shJudgeDynamic(c *shell.Command) (analyzer.Severity, string) {
	if l, ok := shellfacts.ReadsCredential(c); ok {
		return High, "reads " + l
	}
	if l, ok := shellfacts.CredentialWords(c); ok && c.Name != "ls" && c.Name != "test" && c.Name != "[" {
		return High, "touches " + l
	}
	versionOnly := len(c.Argv) == 2 && (c.Arg(1) == "--version" || c.Arg(1) == "-V" || c.Arg(1) == "--help" || c.Arg(1) == "-h")
	switch {
	case versionOnly:
		return analyzer.SevNone, "" // curl --version: a question to the program, nothing fetched
	case shellfacts.IsDownloader(c):
		return High, "reaches the network with " + c.Name
	case shellfacts.NetworkTools[c.Name]:
		return High, "reaches the network with " + c.Name
	case c.Name == "eval" || (shell.IsShell(c.Name) || c.Name == "python" || c.Name == "python3" || c.Name == "node" || c.Name == "perl" || c.Name == "ruby") && shellfacts.HasShortFlag(c, 'c', "") || c.Name == "node" && shellfacts.HasShortFlag(c, 'e', "--eval") || c.Name == "perl" && shellfacts.HasShortFlag(c, 'e', ""):
		return Medium, "runs inline code with " + c.Name
	case c.Name == "npx" && shellfacts.HasArg(c, "--no-install", "--offline"):
		pkg := ""
		for _, w := range c.Params() {
			if !strings.HasPrefix(w.Value, "-") {
				pkg = w.Value
				break
			}
		}
		return Info, "runs the locally installed package " + pkg
	case shPackageRunners[c.Name] && c.Arg(1) != "--version" && c.Arg(1) != "-v" && c.Arg(1) != "list" && c.Arg(1) != "ls" && c.Arg(1) != "view" && c.Arg(1) != "outdated":
		return Medium, "installs or runs packages with " + c.Name
	case shModifiers[c.Name] || c.Name == "sed" && shellfacts.HasShortFlag(c, 'i', "--in-place"):
		return Medium, "modifies the system with " + c.Name
	}
	if !shellfacts.IsReadOnly(c) {
		for _, r := range c.Redirs {
			switch r.Op {
			case ">", ">>", "&>", "&>>", ">|":
				if r.Target.Value == "/dev/null" || r.Target.Value == "/dev/stderr" || r.Target.Value == "/dev/stdout" {
					continue // 2>/dev/null: output thrown away, nothing written
				}
				return Medium, "writes " + r.Target.Value
			}
		}
		return Info, "runs " + c.Name
	}
	return analyzer.SevNone, ""
}

func shRunDynamicContextExec(p *analyzer.Pass) error {
	return shellfacts.ForEachSite(p, func(site *analyzer.ShellSite) {
		if !site.Kind.Executes() {
			return
		}
		best, why := analyzer.SevNone, ""
		for _, c := range site.Script.Commands {
			if sev, w := shJudgeDynamic(c); sev > best {
				best, why = sev, w
			}
		}
		if best == analyzer.SevNone {
			return
		}
		what := "dynamic context command runs at render time with no human in the loop and "
		switch site.Kind {
		case analyzer.SiteHook:
			what = "hook command runs on agent events and "
		case analyzer.SiteMCP:
			what = "MCP server command runs when the agent starts and "
		}
		p.Report(analyzer.Diagnostic{Start: site.TextStart, End: site.End, Severity: best, Message: what + why})
	})
}
