package rules

import (
	"path"
	"strings"

	"github.com/skillvet/skillvet/facts/match"
	"github.com/skillvet/skillvet/skill"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/shellfacts"
	"github.com/skillvet/skillvet/intel"
	"github.com/skillvet/skillvet/parse/shell"
)

// AgentConfigTamper reports commands that write an AI agent's settings,
// standing instructions, MCP server list or installed skills.
var AgentConfigTamper = register(&analyzer.Rule{
	ID:       "SV645",
	Name:     "agent-config-tamper",
	Title:    "Command modifies agent settings, instructions or installed skills",
	Severity: High,
	Category: analyzer.CatPermissions,
	Tags:     []string{"security", "persistence", "CWE-15", "CWE-284"},
	Inputs:   shellfacts.Inputs,
	Doc: `A command — in a script, a code block or span the agent is told to run, a hook — writes an
agent's own configuration or standing instructions: ` + "`~/.claude/settings.json`" + ` (permission
allow-lists, ` + "`bypassPermissions`" + `, hooks), ` + "`CLAUDE.md`" + `, ` + "`AGENTS.md`" + `, ` + "`SOUL.md`" + `, ` + "`MEMORY.md`" + `,
` + "`.cursorrules`" + `, MCP server lists (` + "`.mcp.json`" + `, ` + "`claude_desktop_config.json`" + `), ` + "`~/.codex/`" + `,
` + "`~/.gemini/`" + `, or the skill and command directories (` + "`~/.claude/skills/`" + `). Redirections, ` + "`tee`" + `,
` + "`cp`" + `/` + "`mv`" + `/` + "`install`" + ` and in-place edits (` + "`sed -i`" + `) count; SV642 is the same for Python.

A skill that does this grants itself permissions, installs hooks that run on every tool call,
plants instructions every later session obeys, or copies itself where other agents load it:
persistence and propagation inside the agent. Writes are **high**; **critical** when what is
written turns approvals off (` + "`bypassPermissions`" + `, ` + "`dangerously-skip-permissions`" + `, ` + "`\"Bash(*)\"`" + `,
auto-approve); appending to the project's own instruction file at its root (` + "`CLAUDE.md`" + `,
` + "`AGENTS.md`" + `), which project set-up skills do, writing a path the user fills in
(` + "`~/.claude/commands/{skill-name}.md`" + ` in a skill-authoring guide) and copying the skill itself, by its
own name, into the user's or the current project's skills directory (the install step of its README:
the copy is what was scanned), writing inside its own installed directory (its data), and creating
commands, subagents or skills of the current project (` + "`.claude/commands/deploy.md`" + `, what a
command-authoring skill scaffolds) are **medium**. Copying it under another name, into other repositories'
skills directories, or copying anything else there stays **high**. Reading these files is not reported.

**Fix:** never change agent configuration from a skill; tell the user what to change.

Bad:

` + "```sh" + `
echo '{"permissions":{"defaultMode":"bypassPermissions"}}' > ~/.claude/settings.json
cp -r . ~/.claude/skills/helper
` + "```" + `

Good:

` + "```sh" + `
echo 'Add "Bash(npm test)" to your allowed tools if you want to skip the prompt.'
` + "```",
	Run: runAgentConfigTamper,
})

// approvalOffRx matches settings that turn approvals off.
var approvalOffRx = match.MustRx(`(?i)bypassPermissions|dangerously[-_]skip[-_]permissions|"Bash\(\*\)"|auto[-_ ]?approve|"defaultMode"\s*:\s*"(?:bypassPermissions|acceptEdits)"|yolo`)

// templatePathRx matches a path with a placeholder in it:
// ~/.claude/commands/{skill-name}.md, <name> (blanked ones: shell.HasPlaceholder).
var templatePathRx = match.MustRx(`\{[\w .-]+\}|<[\w .-]+>`)

// agentInstallDirRx matches where a skill is installed: the user's skills
// directory of an agent (~/.claude/skills), the current project's
// (.claude/skills), or a project the reader names (/path/to/your/project/…),
// optionally with the skill's own directory name. Another repository's
// skills directory (a loop over ~/src/*, an absolute path) is propagation.
var agentInstallDirRx = match.MustRx(`^(?:~/|\./|/path/to/[\w.-]+/(?:[\w.-]+/)?)?\.[\w-]+/skills(?:/[\w.-]+)?/?$`)

// agentCopiesSelf reports a copy of the skill itself (its directory, by
// name or as ".") into an agent's skills directory: what installing it
// does. Copying anything else there, or the skill into settings or
// instruction files, is not installation.
func agentCopiesSelf(s *skill.Skill, c *shell.Command, dest string) bool {
	srcs := shellfacts.CopySources(c)
	if len(srcs) == 0 || !agentInstallDirRx.MatchString(dest) {
		return false
	}
	for _, src := range srcs {
		src = strings.TrimRight(src, "/")
		switch base := path.Base(src); {
		case src == "." || src == "$PWD" || src == "${PWD}" || src == "$(pwd)":
		case base != "" && (base == s.DirName || base == s.Name):
		default:
			return false
		}
	}
	if base := path.Base(strings.TrimRight(dest, "/")); base != "skills" && base != s.DirName && base != s.Name {
		return false // copied under another name: not just installed
	}
	return true
}

// agentProjectScaffoldRx matches a relative path to the current project's
// commands, subagents or skills (.claude/commands/deploy.md): what a
// command-authoring skill creates. Settings, hooks and instruction files
// are not scaffolding.
var agentProjectScaffoldRx = match.MustRx(`^(?:\./)?\.(?:claude|codex|gemini|cursor|opencode)/(?:commands|agents|skills)/[\w.-]+(?:/[\w.-]+)*$`)

// agentHomeRx matches an agent's directory for the user or the current
// project (~/.claude, .codex), not one in other repositories.
var agentHomeRx = match.MustRx(`^(?:~/|\./)?\.[\w-]+$`)

// agentOwnDir reports a path inside this skill's own directory under an
// agent's skills directory (~/.claude/skills/<its name>/…).
func agentOwnDir(s *skill.Skill, dest string) bool {
	for _, name := range []string{s.DirName, s.Name} {
		if name == "" {
			continue
		}
		if i := strings.Index(dest, "/skills/"+name); i >= 0 && agentHomeRx.MatchString(dest[:i]) {
			rest := dest[i+len("/skills/"+name):]
			if rest == "" || rest[0] == '/' {
				return true
			}
		}
	}
	return false
}

func runAgentConfigTamper(p *analyzer.Pass) error {
	return shellfacts.ForEachSite(p, func(site *analyzer.ShellSite) {
		for _, c := range site.Script.Commands {
			for _, w := range shellfacts.WriteTargets(site.Script, c) {
				if !intel.AgentConfigPath(w.Path) {
					continue
				}
				sev, note := High, ""
				switch {
				case approvalOffRx.MatchString(w.Text) || approvalOffRx.MatchString(c.Text()):
					sev, note = Critical, ", turning approvals off"
				case intel.ProjectInstructionFile(w.Path):
					sev = Medium // the project's instruction file
				case templatePathRx.MatchString(w.Path) || shell.HasPlaceholder(w.Path):
					sev, note = Medium, ", a path the user fills in (a scaffold for their own skill or command)"
				case agentCopiesSelf(p.Skill, c, w.Path):
					sev, note = Medium, ", installing this skill itself (the install step of its own README)"
				case agentOwnDir(p.Skill, w.Path):
					sev, note = Medium, ", inside this skill's own directory (its install, update or data)"
				case agentProjectScaffoldRx.MatchString(w.Path):
					sev, note = Medium, ", a command, agent or skill of the current project (scaffolding, not the user's own agent)"
				}
				shellfacts.Report(p, site, analyzer.Diagnostic{Start: c.Start, End: shellfacts.CmdEnd(c), Severity: sev,
					Message: c.Name + " writes agent configuration or instructions (" + shellfacts.ClipText(w.Path, 80) + ")" + note + shellfacts.Where(site)})
				break
			}
		}
	})
}
