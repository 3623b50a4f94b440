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
auto-approve); writing the project's own instruction file at its root or in one of its directories (` + "`CLAUDE.md`" + `, ` + "`scripts/loop/CLAUDE.md`" + `,
` + "`AGENTS.md`" + `, a project's ` + "`.cursor/rules/*.mdc`" + `), which project set-up skills do, writing a path the user fills in
(` + "`~/.claude/commands/{skill-name}.md`" + ` in a skill-authoring guide, ` + "`/path/to/your/project/.claude/…`" + `, ` + "`YOUR_PROJECT/.claude/hooks/`" + `, ` + "`my-project/.cursorrules`" + `, a script's
argument ` + "`\"$1/AGENTS.md\"`" + `) or copying from one
(` + "`cp generated-commands/[command-name]/[command-name].md ~/.claude/commands/`" + `), copying the skill itself (its
directory, its SKILL.md or its files) into the user's, the current project's or a named project's skills
directory (the install step of its README: the copy is what was scanned; also from where that install put
it, ` + "`~/.claude/skills/<its name>/scripts/hook.sh`" + `, and onto another machine of the user's with ` + "`rsync`" + `/` + "`scp`" + `),
installing one of its own files as a hook (a hook file the skill does not hold stays **high**), copying its own
instruction text into a directory of the current project (` + "`cp \"$HERE/../skeleton/notes.kb/CLAUDE.md\" .claude/notes.kb/CLAUDE.md`" + `:
the text is analysed with the skill; into the home directory, or from a file the skill does not hold, stays **high**), pointing the status
line or hooks at a copy of its own script the same script has just made (` + "`cp \"$HERE/render.sh\" \"$DEST\"`" + `, then
` + "`\"statusLine\": {\"command\": \"$DEST\"}`" + ` in a here-document, or a ` + "`jq --arg`" + ` filter of the settings file moved into place:
what runs is analysed with the skill; another setting, a command that is not that copy, or a copy overwritten since stays **high**), writing inside its own
installed or state directory (` + "`~/.openclaw/<its name>/`" + `, ` + "`~/.openclaw/skills/<its name>/data/…`" + `), writing
OpenClaw's dated memory notes (` + "`~/.openclaw/workspace/memory/2026-01-02.md`" + `: data the agent rereads, not
a ` + "`MEMORY.md`" + `; a download saved there stays **high**), restoring a backup kept in the same agent
directory (` + "`cp ~/.openclaw/backups/openclaw-0211.json ~/.openclaw/openclaw.json`" + `), restoring a file's own backup or keeping one (` + "`cp ~/.claude.json.backup ~/.claude.json`" + `, ` + "`cp ~/.claude.json ~/.claude.json.bak`" + `; a backup the same script writes otherwise stays **high**),
syncing the current project's own commands or subagents into the user's (` + "`cp \".claude/commands/$c\" ~/.claude/commands/`" + `: the project's text, not the skill's; the skill's own shipped ` + "`.claude/commands`" + ` or a project cloned in the script stays **high**),
a script the skill writes into a ` + "`*.d`" + ` drop-in directory under the skills directory that the same script runs wholesale itself (its tool's own hooks, not a skill), keeping a backup copy under the agent's
directory, and creating commands, subagents or skills of the current project
(` + "`.claude/commands/deploy.md`" + `, what a command-authoring skill scaffolds, named by a variable too:
` + "`.claude/skills/ctx-$name/SKILL.md`" + `; a path that climbs out with ` + "`..`" + ` is not) are **medium**; so are copying,
moving or linking whole skill directories the user already has into or within the skills directory
(` + "`cp -r ./unpacked/pdf-tools ~/.claude/skills/`" + `, organising skills into categories) and linking one of the
user's own files into an agent directory (` + "`ln -s ../.claude/.mcp.json .gemini/settings.json`" + `). Copying
the skill into other repositories' skills directories, putting a file inside another skill, moving in
what was unpacked in a temporary directory, or linking the skill's own text as an agent's instructions
stays **high**. Writes under a directory made for the moment (` + "`$(mktemp -d)/.claude/…`" + `, or relative paths
after ` + "`cd \"$(mktemp -d)\"`" + `: a test's fixture) are not the user's agent and are not reported. Reading
these files is not reported, and neither is a file beside them that the agent does not read
(` + "`settings.json.tmp`" + `, ` + "`CLAUDE.md.bak`" + `): the move that puts it in place is the write. A log file under an agent's directory (a
hook's ` + "`session.log`" + `) is data no agent loads: **medium**; so is a ` + "`.env`" + ` there whose every line assigns a
variable a plain value or is a comment (the keys a skill's tool reads; a command, substitution or separator on a line keeps it **high**). OpenClaw's ` + "`SOUL.md`" + ` and ` + "`MEMORY.md`" + ` are matched in capitals, as OpenClaw names
them: a ` + "`memory.md`" + ` in the skill's own folder (` + "`~/news/memory.md`" + `) is its data.

An agent CLI adding an MCP server to its own configuration (` + "`claude mcp add`" + `, ` + "`codex mcp add`" + `,
` + "`gemini mcp add`" + `) is recorded as a capability; it is **high** when the server's command runs inline
shell or interpreter code or downloads at start (` + "`-- bash -c 'curl … | sh'`" + `), or its URL is on a
suspicious host or plain HTTP to another machine: the agent starts it or trusts its tools in every later
session.

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

// templatePathRx matches a path with a placeholder in it:
// ~/.claude/commands/{skill-name}.md, <name> (blanked ones: shell.HasPlaceholder).
var templatePathRx = match.MustRx(`(?i)\b(?:your|my)[-_]?(?:project|repo|repository|app|dir|directory|workspace|folder)\b|^/path/to/|^"?\$\{?[1-9]\b|\{[\w .-]+\}|<[\w .-]+>|\[[a-z][\w.-]*-[\w.-]+\]|\[(?:name|command|skill|agent|file|project)\]`)

// agentTemplateSource reports a copy whose source is a path the user fills
// in (cp generated-commands/[command-name]/[command-name].md ~/.claude/commands/).
func agentTemplateSource(c *shell.Command) bool {
	if c.Name != "cp" && c.Name != "mv" && c.Name != "ln" && c.Name != "install" {
		return false
	}
	for _, src := range shellfacts.CopySources(c) {
		src = strings.Trim(src, `"'`)
		// the skill's own directory ({baseDir}/…) is no placeholder, and a
		// staged download (/tmp/staging/<slug>) is what was fetched
		if shellfacts.SkillDirRelative(src) || strings.HasPrefix(src, "/") || strings.HasPrefix(src, "~") || strings.HasPrefix(src, "$") {
			continue
		}
		if templatePathRx.MatchString(src) || shell.HasPlaceholder(src) {
			return true
		}
	}
	return false
}

// agentPlaceRx splits a path into the agent directory it lies in (the
// user's ~/.claude, the current project's .codex, a project the reader
// names: YourProject/.claude, /path/to/app/.cursor) and the rest. A
// path in other repositories ($repo/.claude, ~/src/*/.claude) or built
// from variables does not match.
var agentPlaceRx = match.MustRx(`^((?:~/|\./|/path/to/[\w.-]+/(?:[\w.-]+/)?|[A-Za-z][\w.-]*/)?\.[\w-]+)/(.*)$`)

// agentInstallRx matches the part of an agent path where skills live, with
// the skill's directory when named (skills/x, workspace/skills/x/).
var agentInstallRx = match.MustRx(`^(?:workspace/|agents/[\w.-]+/|agent/)?skills(?:/([\w.-]+))?/?$`)

// agentScaffoldRx matches the current project's commands, subagents or
// skills (.claude/commands/deploy.md): what a command-authoring skill
// creates; a segment may be named by a variable (.claude/skills/ctx-$name/SKILL.md),
// which stays under the project's directory. Settings, hooks and
// instruction files are not scaffolding.
var agentScaffoldRx = match.MustRx(`^(?:\./)?\.(?:claude|codex|gemini|cursor|opencode)/(?:commands|agents|skills)(?:/[\w.-]*(?:\$\{?\w+\}?[\w.-]*)*)*/?$`)

// agentBackupRx matches a backup directory or file under an agent
// directory: a copy kept, not configuration changed.
var agentBackupRx = match.MustRx(`^(?:[\w.-]+/)?backups?(?:/|$)|\.(?:bak|backup|orig)(?:[.-][^/]*)?$`)

// agentSkillNamedBackupRx matches a directory directly under a skills
// directory named like a backup (skills/backups/SKILL.md): every
// directory there is a skill the agent loads, whatever its name.
var agentSkillNamedBackupRx = match.MustRx(`^(?:workspace/|agents/[\w.-]+/)?skills/[\w.-]*backups?(?:[\w.-]*)(?:/|$)`)

// agentOwnName reports whether n names this skill (its directory or
// manifest name; a file name is taken without its extension).
func agentOwnName(s *skill.Skill, n string) bool {
	return s.OwnName(strings.TrimSuffix(n, path.Ext(n)))
}

// agentSelfSource reports a copy source that is the skill itself: its
// directory (".", its name), its SKILL.md, or a file it holds.
func agentSelfSource(s *skill.Skill, src string) bool {
	src = strings.TrimRight(strings.Trim(src, `"'`), "/")
	switch src {
	case ".", "./", "$PWD", "${PWD}", "$(pwd)", "SKILL.md", "./SKILL.md":
		return true
	}
	src = strings.TrimPrefix(src, "./")
	for _, pre := range []string{"$PWD/", "${PWD}/", "$(pwd)/", "SKILL_PATH/", "$SKILL_PATH/", "${SKILL_PATH}/", "$SKILL_DIR/", "${SKILL_DIR}/", "${CLAUDE_SKILL_DIR}/", "$CLAUDE_SKILL_DIR/", "{baseDir}/"} {
		src = strings.TrimPrefix(src, pre)
	}
	return agentOwnName(s, path.Base(src)) || s.File(src) != nil || s.HasDir(src) || agentInstalledSelf(s, src)
}

// agentInstalledSelf reports a file of this skill where its install puts
// it: an agent's skills directory, under the skill's own name
// (~/.claude/skills/<its name>/scripts/x.sh, .claude/skills/<its
// name>/hooks/y.sh), naming the skill's directory or a file it holds:
// its content is what was analysed.
func agentInstalledSelf(s *skill.Skill, src string) bool {
	m := agentPlaceRx.FindStringSubmatch(shellfacts.NormPath(src))
	if m == nil {
		return false
	}
	rest := strings.TrimPrefix(m[2], "workspace/")
	name, file, _ := strings.Cut(strings.TrimPrefix(rest, "skills/"), "/")
	if !strings.HasPrefix(rest, "skills/") || !agentOwnName(s, name) {
		return false
	}
	return file == "" || s.File(file) != nil || s.HasDir(file)
}

// agentAbsHomeRx matches a home directory written as an absolute path.
var agentAbsHomeRx = match.MustRx(`^(?:/root|/home/[^/$]+|/Users/[^/$]+)/`)

// agentHomeNorm writes a path in the home directory as ~/…, however the
// home is spelled ($HOME, /root, /home/<user>), so the agent directory's
// layout is read the same way.
func agentHomeNorm(p string) string {
	return shellfacts.NormPath(agentAbsHomeRx.ReplaceAllString(p, "~/"))
}

// agentRemoteRx matches the host part of an rsync or scp destination.
var agentRemoteRx = match.MustRx(`^[\w.-]+@[\w.-]+:`)

// agentDefaultRx matches a parameter expansion with a default
// (${2:-$HOME/.openclaw/backups}): the path when nothing overrides it.
var agentDefaultRx = match.MustRx(`\$\{\w+:?-([^{}]*)\}`)

// agentEnvLinesRx matches text that only assigns environment variables,
// with comment lines between (a dotenv file ignores them).
var agentEnvLinesRx = match.MustRx(`^(?:\s*(?:#[^\n]*|(?:export\s+)?[A-Z][A-Z0-9_]*=[^\n;&|$` + "`" + `]*)\n?)+$`)

// agentOwnWrite says why a write to an agent directory is the skill's own
// business — installing itself, its data, the current project's
// scaffolding or a backup — or returns "".
func agentOwnWrite(s *skill.Skill, sc *shell.Script, c *shell.Command, dest, text string) string {
	if c.Name == "rsync" || c.Name == "scp" {
		// user@cluster:~/.claude/skills/x/: the same place on another
		// machine of the user's
		dest = shellfacts.NormPath(agentRemoteRx.ReplaceAllString(dest, ""))
	}
	if agentScaffoldRx.MatchString(dest) && !strings.Contains("/"+dest+"/", "/../") { // .claude/skills/../settings.json is no scaffold
		return "a command, agent or skill of the current project (scaffolding, not the user's own agent)"
	}
	m := agentPlaceRx.FindStringSubmatch(dest)
	if m == nil {
		return ""
	}
	rest := m[2]
	if agentBackupRx.MatchString(rest) && !agentSkillNamedBackupRx.MatchString(rest) {
		return "a backup copy, not a change to the configuration"
	}
	if c.Name == "cp" || c.Name == "mv" || c.Name == "rsync" {
		if srcs := shellfacts.CopySources(c); len(srcs) > 0 && agentAllBackups(srcs, m[1]) && !agentAnyWrittenElsewhere(sc, c, srcs, dest) {
			// cp ~/.openclaw/backups/openclaw-0211.json ~/.openclaw/openclaw.json
			return "restoring a backup the user kept in the same agent directory"
		}
	}
	if c.Name == "cp" || c.Name == "ln" || c.Name == "install" {
		if srcs := shellfacts.CopySources(c); len(srcs) > 0 && agentAllBeside(srcs, dest) && !agentAnyWrittenElsewhere(sc, c, srcs, dest) {
			// cp ~/.claude/skills/templates/how-to.md ~/.claude/skills/templates/mine.md:
			// nothing enters the agent's directory that was not there
			return "a copy, under another name, of a file beside it"
		}
	}
	if path.Base(rest) == ".env" && text != "" && agentEnvLinesRx.MatchString(text) && !intel.ApprovalOff(text) {
		return "environment variables for the agent's tools (" + match.Clip(strings.TrimSpace(text), 40) + ")"
	}
	if strings.HasPrefix(rest, "hooks/") {
		if srcs := shellfacts.CopySources(c); len(srcs) > 0 {
			if !agentAllSelf(s, srcs) {
				return ""
			}
			return "installing the skill's own hook, analysed with the skill"
		}
	}
	if im := agentInstallRx.FindStringSubmatch(rest); im != nil {
		srcs := shellfacts.CopySources(c)
		if len(srcs) == 0 {
			return ""
		}
		if im[1] != "" && agentOwnName(s, im[1]) || agentAllSelf(s, srcs) {
			return "installing this skill itself (the install step of its own README)"
		}
	}
	switch c.Name {
	case "cp", "mv", "ln", "rsync", "install":
		srcs := shellfacts.CopySources(c)
		if len(srcs) == 0 {
			break
		}
		for _, src := range srcs {
			if agentThrowawayRx.MatchString(strings.Trim(src, `"'`)) || strings.Contains(src, "://") {
				// mv /tmp/helper ~/.claude/skills/: where a download is
				// unpacked, not a skill the user has
				return ""
			}
		}
		if agentSkillSlotRx.MatchString(rest) && (c.Name == "mv" || !agentAnySelf(s, srcs)) {
			// cp -r my-skill ~/.claude/skills/, mv ~/.claude/skills/x
			// ~/.claude/skills/tools/: installing or organising the
			// user's skills, each read by the agent as its own text
			return "copying, moving or linking skill directories the user has (installing or organising skills)"
		}
		if c.Name == "ln" && !agentAnySelf(s, srcs) {
			// ln -s ../.claude/.mcp.json .gemini/settings.json: one of
			// the user's files shared with another agent
			return "a link to a file the user has, not text of this skill"
		}
	}
	if agentInstallRx.MatchString(rest) {
		return "" // something else installed as a skill
	}
	// its own directory: skills/<its name>/… or <its name>/… (its state)
	first, after, _ := strings.Cut(strings.TrimPrefix(rest, "workspace/"), "/")
	if first == "skills" {
		first, _, _ = strings.Cut(after, "/")
	}
	if agentOwnName(s, first) {
		return "inside this skill's own directory (its install, update or data)"
	}
	return ""
}

// agentAllBackups reports copy sources that are all backups (a backups/
// directory, a .bak file) in the agent directory dir the copy goes to.
func agentAllBackups(srcs []string, dir string) bool {
	for _, src := range srcs {
		m := agentPlaceRx.FindStringSubmatch(shellfacts.NormPath(strings.Trim(src, `"'`)))
		if m == nil || m[1] != dir || !agentBackupRx.MatchString(m[2]) {
			return false
		}
	}
	return len(srcs) > 0
}

// agentAllSelf reports whether every copy source is the skill itself or
// a file it holds.
func agentAllSelf(s *skill.Skill, srcs []string) bool {
	for _, src := range srcs {
		if !agentSelfSource(s, src) {
			return false
		}
	}
	return len(srcs) > 0
}

// agentAllBeside reports copy sources that all lie in the directory the
// copy goes to (a sibling under another name): the agent's directory
// gains no text it did not hold, and no file changes role.
func agentAllBeside(srcs []string, dest string) bool {
	dir := path.Dir(dest)
	if strings.HasSuffix(dest, "/") {
		dir = strings.TrimSuffix(dest, "/")
	}
	for _, src := range srcs {
		if path.Dir(shellfacts.NormPath(strings.Trim(src, `"'`))) != dir {
			return false
		}
	}
	return true
}

// agentAnySelf reports whether any copy source is the skill itself or a
// file it holds.
func agentAnySelf(s *skill.Skill, srcs []string) bool {
	for _, src := range srcs {
		if agentSelfSource(s, src) {
			return true
		}
	}
	return false
}

// agentSkillSlotRx matches the skills directory itself or one entry of it
// (skills/, skills/pdf-tools): where a whole skill is installed or moved,
// not a file put inside another skill.
var agentSkillSlotRx = match.MustRx(`^(?:workspace/|agents/[\w.-]+/)?skills(?:/[\w.-]+)?/?$`)

// agentThrowawayRx matches a path under a directory made for the moment:
// a test's $(mktemp -d)/.claude/hooks is not the user's agent.
var agentThrowawayRx = match.MustRx(`^(?:\$\(mktemp|` + "`" + `mktemp|/tmp/|/private/tmp/|/var/folders/|\$\{?TMPDIR\b|\$\{?TMP\b)`)

func runAgentConfigTamper(p *analyzer.Pass) error {
	return shellfacts.ForEachSite(p, func(site *analyzer.ShellSite) {
		throwawayCwd := false // after cd "$(mktemp -d)": relative paths are a test's
		for _, c := range site.Script.Commands {
			if c.Name == "cd" && c.Depth == 0 && len(c.Argv) > 1 {
				a := c.Argv[1]
				throwawayCwd = agentThrowawayRx.MatchString(strings.Trim(a.Value, `"'`)) || a.Subst && strings.Contains(a.Value, "mktemp")
			}
			if agent, server, ok := agentMCPAdd(c); ok {
				agentReportMCPAdd(p, site, c, agent, server)
				continue
			}
			for _, w := range shellfacts.WriteTargets(site.Script, c) {
				dest := strings.Trim(w.Path, `"'`)
				if !intel.AgentConfigPath(w.Path) || agentThrowawayRx.MatchString(dest) {
					continue
				}
				if throwawayCwd && !strings.HasPrefix(dest, "/") && !strings.HasPrefix(dest, "~") && !strings.HasPrefix(dest, "$") {
					continue
				}
				sev, note := High, ""
				// the path when no parameter overrides its default
				dflt := agentDefaultRx.ReplaceAllString(w.Path, "$1")
				switch {
				case intel.ApprovalOff(w.Text) || intel.ApprovalOff(c.Text()):
					sev, note = Critical, ", turning approvals off"
				case intel.ProjectInstructionFile(w.Path) || intel.ProjectInstructionFile(strings.TrimPrefix(dflt, "./")):
					sev = Medium // the project's instruction file
				case templatePathRx.MatchString(w.Path) || shell.HasPlaceholder(w.Path) || agentTemplateSource(c):
					sev, note = Medium, ", a path the user fills in (a scaffold for their own skill or command)"
					if why := agentOwnWrite(p.Skill, site.Script, c, agentHomeNorm(dflt), w.Text); why != "" {
						note = ", " + why // installing this skill itself into a project the reader names
					}
				default:
					if why := agentRestoresOwnBackup(site.Script, c, agentHomeNorm(dflt)); why != "" {
						sev, note = Medium, ", "+why
					} else if why := agentProjectPromoted(p.Skill, site.Script, c, agentHomeNorm(dflt)); why != "" {
						sev, note = Medium, ", "+why
					} else if why := agentOwnDropIn(p.Skill, site.Script, c, agentHomeNorm(dflt), w); why != "" {
						sev, note = Medium, ", "+why
					} else if why := agentOwnScriptSettings(p, site.Script, c, w); why != "" {
						sev, note = Medium, ", "+why
					} else if why := agentOwnInstructions(p, site.Script, c, dflt); why != "" {
						sev, note = Medium, ", "+why
					} else if why := agentOwnWrite(p.Skill, site.Script, c, agentHomeNorm(dflt), w.Text); why != "" {
						sev, note = Medium, ", "+why
					} else if why := intel.AgentDataRole(shellfacts.NormPath(dflt), func(n string) bool { return agentOwnName(p.Skill, n) }); why != "" && !shellfacts.IsDownloader(c) {
						sev, note = Medium, ", "+why
					}
				}
				shellfacts.Report(p, site, analyzer.Diagnostic{Start: c.Start, End: shellfacts.CmdEnd(c), Severity: sev,
					Message: c.Name + " writes agent configuration or instructions (" + shellfacts.ClipText(w.Path, 80) + ")" + note + shellfacts.Where(site)})
				break
			}
		}
	})
}

// agentOwnInstructions says why a copy of the skill's own files to an
// instruction file (CLAUDE.md, AGENTS.md) in a directory of the current
// project (.claude/notes.kb/CLAUDE.md, from the skill's skeleton/) is the
// skill's business: the text is the skill's, analysed with it, and it goes
// where the agent reads it only when it works in that directory. A copy
// into the home or an absolute directory, one with any source the skill
// does not hold, or another kind of file (settings, hooks) is not.
func agentOwnInstructions(p *analyzer.Pass, sc *shell.Script, c *shell.Command, dest string) string {
	if c.Name != "cp" && c.Name != "install" {
		return ""
	}
	d := shellfacts.NormPath(strings.Trim(dest, `"'`))
	if d == "" || strings.HasPrefix(d, "/") || strings.HasPrefix(d, "~") || strings.HasPrefix(d, "$") || strings.HasPrefix(d, "../") ||
		strings.Contains(d, "/../") || !intel.ProjectInstructionFile(path.Base(d)) {
		return ""
	}
	srcs := shellfacts.CopySources(c)
	if len(srcs) == 0 || len(shellfacts.CopiedSkillFiles(p, sc, c)) != len(srcs) {
		return ""
	}
	return "the skill's own instruction text, analysed with it, put in a directory of the current project"
}

// agentBackupSuffixRx matches what a backup adds to a file's name
// (settings.json.bak, .claude.json.backup-20250101, CLAUDE.md.orig,
// config.toml.20250101-1200, settings.json~).
var agentBackupSuffixRx = match.MustRx(`(?i)^(?:[.~_-]?(?:bak|backup|orig|old|prev|save)(?:[._-].*)?|[._-]\d{6}[\w.:-]*|~)$`)

// agentBackupDirRx matches a directory component that holds backups
// (backups/, .claude-backup/, bak/, settings-backups-2025/).
var agentBackupDirRx = match.MustRx(`(?i)^\.?(?:[\w.-]*[._-])?(?:backups?|bak)(?:[._-][\w.-]*)?$`)

// agentRestoresOwnBackup says why a copy into an agent's configuration is
// a backup of a configuration file kept beside it (cp ~/.claude.json
// ~/.claude.json.bak), or the restore of that same file's backup (cp ~/.claude.json.backup
// ~/.claude.json, cp ~/backups/settings.json ~/.claude/settings.json):
// the text is what the file held, the inverse of making the backup. A
// source in a temporary directory or at a URL, one this script writes
// other than by copying the configuration itself (echo … >
// ~/.claude.json.bak, then the "restore"), or any other file is not a
// restore.
func agentRestoresOwnBackup(s *shell.Script, c *shell.Command, dest string) string {
	if c.Name != "cp" && c.Name != "mv" && c.Name != "rsync" {
		return ""
	}
	srcs := shellfacts.CopySources(c)
	if len(srcs) == 0 {
		return ""
	}
	dest = strings.Trim(dest, `"'`)
	if c.Name != "mv" && len(srcs) == 1 && !strings.HasSuffix(dest, "/") {
		// cp ~/.claude.json ~/.claude.json.bak: the copy kept before a change
		if src := agentHomeNorm(strings.Trim(srcs[0], `"'`)); path.Base(dest) != path.Base(src) && path.Dir(dest) == path.Dir(src) && agentBackupOf(dest, src) {
			return "a backup copy, not a change to the configuration"
		}
	}
	for _, raw := range srcs {
		src := agentHomeNorm(strings.Trim(raw, `"'`))
		if agentThrowawayRx.MatchString(src) || strings.Contains(src, "://") || strings.Contains(src, "..") {
			return ""
		}
		target := dest
		if strings.HasSuffix(dest, "/") {
			target = dest + path.Base(src) // cp X.bak DIR/ lands as DIR/X.bak: a backup beside it, not a restore
		}
		if !agentBackupOf(src, target) || agentWrittenElsewhere(s, c, src, target) {
			return ""
		}
	}
	return "restoring the file's own backup (the inverse of keeping one)"
}

// agentBackupOf reports a path src that is a backup of the file target:
// target's name with a backup suffix beside it or in a backup directory,
// or target's own name in a backup directory.
func agentBackupOf(src, target string) bool {
	base := path.Base(target)
	if base == "" || base == "." || base == "/" || strings.HasSuffix(target, "/") {
		return false
	}
	sb := path.Base(src)
	if sb != base {
		if !strings.HasPrefix(sb, base) || !agentBackupSuffixRx.MatchString(sb[len(base):]) {
			return false
		}
		if path.Dir(src) == path.Dir(target) {
			return true // X.bak beside X
		}
	}
	for _, d := range strings.Split(path.Dir(src), "/") {
		if agentBackupDirRx.MatchString(d) {
			return true // backups/X, backups/X.bak
		}
	}
	return false
}

// agentWrittenElsewhere reports whether another command of the script
// writes src by any means but copying target there (making the backup):
// then what is "restored" is text the script chose.
func agentWrittenElsewhere(s *shell.Script, c *shell.Command, src, target string) bool {
	for _, x := range s.Commands {
		if x == c {
			continue
		}
		for _, w := range shellfacts.WriteTargets(s, x) {
			wp := agentHomeNorm(strings.Trim(w.Path, `"'`))
			if wp != src && strings.TrimSuffix(wp, "/") != path.Dir(src) {
				continue // neither the backup nor (cp … DIR/) the directory holding it
			}
			if x.Name != "cp" && x.Name != "rsync" {
				return true
			}
			for _, from := range shellfacts.CopySources(x) {
				if agentHomeNorm(strings.Trim(from, `"'`)) != target {
					return true
				}
			}
		}
	}
	return false
}

// agentAnyWrittenElsewhere reports a copy source that another command of
// the script writes (agentWrittenElsewhere).
func agentAnyWrittenElsewhere(s *shell.Script, c *shell.Command, srcs []string, target string) bool {
	for _, src := range srcs {
		if agentWrittenElsewhere(s, c, agentHomeNorm(strings.Trim(src, `"'`)), target) {
			return true
		}
	}
	return false
}

// agentProjectScaffoldRx matches a relative path in the current project's
// commands or subagents (.claude/commands/$cmd, ./.codex/agents/x.md),
// naming the agent and the kind.
var agentProjectScaffoldRx = match.MustRx(`^(?:\./)?\.(claude|codex|gemini|cursor|opencode)/(commands|agents)(?:/[^/]+)*/?$`)

// agentUserScaffoldRx matches the user's commands or subagents directory
// of an agent (~/.claude/commands/, ~/.claude/agents/reviewer.md).
var agentUserScaffoldRx = match.MustRx(`^~/\.(claude|codex|gemini|cursor|opencode)/(commands|agents)(?:/[^/]+)*/?$`)

// agentProjectPromoted says why a copy into the user's commands or
// subagents directory carries the current project's own commands or
// subagents (cp ".claude/commands/$cmd" ~/.claude/commands/: syncing a
// repository's slash commands into the user's global set). The text is
// the user's project's, which the agent already loads in that project, not
// the skill's; the copy widens where it applies, so it is a warning. A
// source the skill itself ships (its own .claude/commands/), a project
// this script downloads or clones, or another kind of file (a project's
// command made a global subagent) stays high.
func agentProjectPromoted(sk *skill.Skill, s *shell.Script, c *shell.Command, dest string) string {
	if c.Name != "cp" && c.Name != "rsync" && c.Name != "ln" && c.Name != "install" {
		return ""
	}
	dm := agentUserScaffoldRx.FindStringSubmatch(strings.Trim(dest, `"'`))
	srcs := shellfacts.CopySources(c)
	if dm == nil || len(srcs) == 0 {
		return ""
	}
	for _, raw := range srcs {
		src := strings.Trim(raw, `"'`)
		sm := agentProjectScaffoldRx.FindStringSubmatch(src)
		if sm == nil || sm[1] != dm[1] || sm[2] != dm[2] || strings.Contains(src, "..") {
			return ""
		}
		clean := strings.TrimPrefix(src, "./")
		if agentSelfSource(sk, clean) || sk.HasDir("."+sm[1]+"/"+sm[2]) {
			return "" // the skill's own files, installed as instructions
		}
	}
	for _, x := range s.Commands {
		if shellfacts.IsDownloader(x) || x.Name == "git" && len(x.Argv) > 1 && x.Argv[1].Value == "clone" ||
			x.Name == "gh" && len(x.Argv) > 2 && x.Argv[2].Value == "clone" {
			return "" // a project fetched here is not the user's
		}
	}
	return "the current project's own " + dm[2] + " made the user's (their text is the project's, not this skill's)"
}

// agentVarRx matches a shell parameter in a path (pre-$1.d, ${ctx}).
var agentVarRx = match.MustRx(`\$(?:\{[^}]*\}|\w+)`)

// agentOwnDropIn says why a script written into a directory under the
// agent's skills directory is a drop-in of this skill's own tool, not a
// change to a skill: the file sits in a *.d directory (pre-build.d/) that
// is not this skill's, the text written is the skill's own (a heredoc or
// echo, analysed with it), the file is no Markdown (not a SKILL.md or a
// skill's instructions), and the same script itself runs every script of
// that directory (for h in "$HOOKS/pre-$1.d"/*.sh; do "$h"; done). A
// download or a copy from elsewhere, Markdown, a directory the script does
// not run itself, or a file run by name (another skill's script it edits
// and then runs) stays high.
func agentOwnDropIn(sk *skill.Skill, s *shell.Script, c *shell.Command, dest string, w shellfacts.Write) string {
	if intel.InstalledSkill(dest) == "" || !strings.HasSuffix(path.Dir(dest), ".d") || strings.HasSuffix(dest, "/") {
		return ""
	}
	if ext := strings.ToLower(path.Ext(dest)); ext == ".md" || ext == ".mdc" || ext == "" {
		return ""
	}
	if srcs := shellfacts.CopySources(c); len(srcs) > 0 {
		if !agentAllSelf(sk, srcs) {
			return ""
		}
	} else if !w.KnownText() || shellfacts.IsDownloader(c) {
		return ""
	}
	for _, x := range s.Commands {
		for _, t := range shellfacts.RunTargets(x) {
			pat := agentVarRx.ReplaceAllString(agentHomeNorm(strings.Trim(t, `"'`)), "*")
			if !strings.Contains(path.Base(pat), "*") || path.Dir(pat) == "." {
				continue // a file run by name, not the directory's scripts
			}
			if ok, _ := path.Match(pat, dest); ok {
				return "a drop-in script of this skill's own tool, which runs that directory's scripts itself (" + shellfacts.ClipText(path.Dir(dest), 60) + "/, not a skill)"
			}
		}
	}
	return ""
}

// agentMCPAdd recognises an agent CLI adding an MCP server to its own
// configuration (claude mcp add NAME [--transport http URL | -- CMD …],
// codex mcp add, gemini mcp add): the agent starts or connects to it in
// every later session. server is the URL or the command line after "--".
func agentMCPAdd(c *shell.Command) (agent, server string, ok bool) {
	switch c.Name {
	case "claude", "codex", "gemini", "qwen", "cursor-agent", "opencode":
	default:
		return "", "", false
	}
	a := c.Argv
	if len(a) < 3 || a[1].Value != "mcp" || a[2].Value != "add" && a[2].Value != "add-json" {
		return "", "", false
	}
	var words []string
	for i := 3; i < len(a); i++ {
		if a[i].Value == "--" {
			for _, w := range a[i+1:] {
				words = append(words, w.Value)
			}
			return c.Name, agentJoinWords(words), true
		}
	}
	for _, w := range a[3:] {
		if strings.Contains(w.Value, "://") {
			return c.Name, strings.Trim(w.Value, `"'`), true
		}
	}
	return c.Name, "", true
}

// agentReportMCPAdd grades an added MCP server by what it is: a server
// command that is a shell given inline code, or a URL on a suspicious host
// or over plain HTTP to another machine, is high (every later session runs
// or trusts it); any other server is a capability the skill installs.
func agentReportMCPAdd(p *analyzer.Pass, site *analyzer.ShellSite, c *shell.Command, agent, server string) {
	p.Capability(analyzer.CapAgentConfig, agent+" MCP server "+shellfacts.ClipText(server, 60), c.Start)
	why := ""
	if strings.Contains(server, "://") && !strings.Contains(server, " ") {
		host, class := intel.URLClass(server)
		switch {
		case class.Suspicious():
			why = " on " + host + " (" + class.String() + ")"
		case strings.HasPrefix(strings.ToLower(server), "http://") && class != intel.HostLoopback && class != intel.HostPrivate:
			why = " over plain HTTP to " + host
		}
	} else if sc := shell.Parse(server, 0); len(sc.Commands) > 0 {
		first := sc.Commands[0]
		if shell.IsShell(first.Name) || shellfacts.IsInterpreter(first.Name) && shellfacts.HasCodeFlag(first) {
			why = " whose command runs inline code (" + first.Name + ")"
		}
		for _, x := range sc.Commands {
			if shellfacts.IsDownloader(x) {
				why = " whose command downloads at start (" + x.Name + ")"
			}
		}
	}
	if why == "" {
		return
	}
	shellfacts.Report(p, site, analyzer.Diagnostic{Start: c.Start, End: shellfacts.CmdEnd(c), Severity: High,
		Message: agent + " mcp add installs an MCP server" + why + ": the agent starts it or trusts its tools in every later session" + shellfacts.Where(site)})
}

// agentJoinWords quotes words back into one command line.
func agentJoinWords(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = shell.Quote(w)
	}
	return strings.Join(q, " ")
}

// agentSettingsRootsRx matches the settings a status line or hook install
// sets: what runs, not permissions, environment or servers.
var agentSettingsRootsRx = match.MustRx(`^(?:statusLine|hooks)$`)

// agentJqPathRx matches a path in a jq filter (.statusLine.padding,
// .hooks.PreToolUse), its first key captured; a key after a word
// character or a dot (.a.b's .b) is part of the path before it.
var agentJqPathRx = match.MustRx(`(?:^|[^\w.\]"])\.([A-Za-z_]\w*)`)

// agentJqCommandRx matches a "command" entry in a jq filter's object
// construction, its value a $variable or a string.
var agentJqCommandRx = match.MustRx(`"command"\s*:\s*(?:\$(\w+)|"((?:[^"\\]|\\.)*)")`)

// agentOwnScriptSettings says why a write to an agent's settings only
// points a status line or hooks at this skill's own script: the text
// written is known (a here-document, or a jq filter with its --arg values
// applied to the same settings file and moved into place), every key it
// sets is statusLine or hooks, and every command in it is a path this
// script has just copied one of the skill's own files to (cp
// "$HERE/render.sh" "$DEST", then "command": "$DEST"). What runs is then
// code analysed with the skill. A command that is anything else (a
// download saved there, inline code, a path elsewhere), another setting
// (permissions, env) or a jq input not known stays high.
func agentOwnScriptSettings(p *analyzer.Pass, sc *shell.Script, c *shell.Command, w shellfacts.Write) string {
	var cmds []string
	switch {
	case w.KnownText():
		var ok bool
		if cmds, ok = match.RunSettingsCommands(w.Text); !ok {
			return ""
		}
	case c.Name == "mv" || c.Name == "cp":
		srcs := shellfacts.CopySources(c)
		if len(srcs) != 1 {
			return ""
		}
		var ok bool
		if cmds, ok = agentJqCommands(sc, c, srcs[0], w.Path); !ok {
			return ""
		}
	default:
		return ""
	}
	if len(cmds) == 0 {
		return ""
	}
	for _, cmd := range cmds {
		if !agentOwnCopyDest(p, sc, c, cmd) {
			return ""
		}
	}
	return "a status line or hook that runs this skill's own script (" + shellfacts.ClipText(cmds[0], 60) + ", copied there from the skill and analysed with it)"
}

// agentJqCommands reads the jq command that last wrote src before c, when
// it filters the settings file dest itself (jq --arg c V FILTER "$CONF" >
// "$t"; mv "$t" "$CONF"): the commands its filter sets, with --arg values
// applied. ok is false for any other writer, another input, --argjson or
// file arguments, or a filter that touches a key other than statusLine
// or hooks.
func agentJqCommands(sc *shell.Script, c *shell.Command, src, dest string) (cmds []string, ok bool) {
	src = strings.Trim(src, `"'`)
	var jq *shell.Command
	for _, x := range sc.Commands {
		if x == c {
			break
		}
		for _, t := range shellfacts.WriteTargets(sc, x) {
			if strings.Trim(t.Path, `"'`) == src {
				jq = x
			}
		}
	}
	if jq == nil || jq.Name != "jq" {
		return nil, false
	}
	args := map[string]string{}
	var ops []string
	for i := 1; i < len(jq.Argv); i++ {
		v := jq.Argv[i].Value
		switch {
		case v == "--arg" && i+2 < len(jq.Argv):
			args[jq.Argv[i+1].Value] = jq.Argv[i+2].Value
			i += 2
		case strings.HasPrefix(v, "-"):
			if v != "-r" && v != "-M" && v != "-S" && v != "--indent" && !strings.HasPrefix(v, "--tab") {
				return nil, false // --argjson, --slurpfile, --rawfile, -n: text from elsewhere
			}
		default:
			ops = append(ops, v)
		}
	}
	if len(ops) != 2 || shellfacts.NormPath(strings.Trim(ops[1], `"'`)) != shellfacts.NormPath(strings.Trim(dest, `"'`)) {
		return nil, false
	}
	filter := ops[0]
	for _, m := range agentJqPathRx.FindAllStringSubmatch(filter, -1) {
		if !agentSettingsRootsRx.MatchString(m[1]) {
			return nil, false
		}
	}
	for _, m := range agentJqCommandRx.FindAllStringSubmatch(filter, -1) {
		if m[1] != "" {
			v, ok := args[m[1]]
			if !ok {
				return nil, false
			}
			cmds = append(cmds, v)
			continue
		}
		cmds = append(cmds, m[2])
	}
	return cmds, true
}

// agentOwnCopyDest reports a command that is exactly a path whose last
// write before c copies one of the skill's own files there.
func agentOwnCopyDest(p *analyzer.Pass, sc *shell.Script, c *shell.Command, cmd string) bool {
	cmd = shellfacts.NormPath(strings.Trim(strings.TrimSpace(cmd), `"'`))
	if cmd == "" || strings.ContainsAny(cmd, " \t;&|<>`") {
		return false
	}
	own := false
	for _, x := range sc.Commands {
		if x == c {
			break
		}
		for _, t := range shellfacts.WriteTargets(sc, x) {
			if shellfacts.NormPath(strings.Trim(t.Path, `"'`)) == cmd {
				own = false // written otherwise, unless the copy below is this write
			}
		}
		for _, cp := range shellfacts.CopiedSkillFiles(p, sc, x) {
			if shellfacts.NormPath(strings.Trim(cp.Dest, `"'`)) == cmd {
				own = true
			}
		}
	}
	return own
}
