package shell

import (
	"strings"

	"github.com/skillvet/skillvet/parse/ini"
	"github.com/skillvet/skillvet/parse/rxlit"
)

// Commands stored as data: git and ssh read commands from their
// configuration and run them later — git config core.fsmonitor '…', a
// "!" alias, a credential helper, ssh's ProxyCommand — or once, for one
// invocation (git -c key=value, ssh -o ProxyCommand=…, GIT_SSH_COMMAND=…).
// The analysis records each such setting on the command that makes it
// (Command.Settings) and parses the values that are command lines as
// shell, like the text of sh -c: their commands are in the script with
// Via ViaStored and the setting's command as their parent.

// Role is what a setting's value is to the program that reads it.
type Role uint8

const (
	RoleNone    Role = iota
	RoleCommand      // a command line the program runs (git through sh, ssh through the user's shell)
	RoleHooks        // a directory of hook scripts git runs (core.hooksPath, init.templateDir)
	RoleInclude      // another configuration file read with this one (include.path)
	RoleSource       // a URL git fetches from instead of the one asked for (url.<base>.insteadOf)
)

// Scope is how long and where a setting applies.
type Scope uint8

const (
	ScopeLocal   Scope = iota // the repository's .git/config
	ScopeGlobal               // the user's ~/.gitconfig or ~/.ssh/config: every repository, every connection
	ScopeSystem               // /etc/gitconfig, /etc/ssh/ssh_config: every user of the machine
	ScopeFile                 // a file git or ssh reads only when told to (git config -f other.cfg)
	ScopeOnce                 // git -c, ssh -o, GIT_SSH_COMMAND=… before a command: this invocation, now
	ScopeSession              // export GIT_SSH_COMMAND=…: the rest of the shell session
)

var scopeNames = [...]string{"repository", "global", "system", "file", "one-off", "session"}

func (s Scope) String() string { return scopeNames[s] }

// Setting is a configuration entry that names a command, a hooks
// directory, another configuration file or a replacement source.
type Setting struct {
	Tool  string // "git" or "ssh"
	Key   string // as written: "core.fsmonitor", "alias.st", "filter.x.smudge", "ProxyCommand", "Match exec", "GIT_SSH_COMMAND"
	Role  Role
	Scope Scope
	// File is the configuration file the setting is written to, when the
	// command names one (git config -f F, a here-document to ~/.gitconfig).
	File string
	// Value is the value as stored ("!" of git shell aliases kept), with
	// its position in the file (anchored to the command when the text is
	// not verbatim in the file).
	Value Word
	// Cmds is the range [Cmds[0], Cmds[1]) of Script.Commands parsed
	// from a RoleCommand value.
	Cmds [2]int
	// Inert is set for a setting that has no effect as written: ssh's
	// LocalCommand without PermitLocalCommand yes beside it.
	Inert bool
}

// Program returns the command line a RoleCommand value runs: the value
// without the "!" that marks git shell aliases and helpers.
func (s *Setting) Program() string {
	if s.Tool == "git" {
		return strings.TrimPrefix(s.Value.Value, "!")
	}
	return s.Value.Value
}

// gitBool reports values git reads as a boolean.
func gitBool(v string) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "", "true", "false", "yes", "no", "on", "off", "1", "0":
		return true
	}
	return false
}

// GitKeyRole says what git does with the value of key (section.name or
// section.subsection.name, any case).
func GitKeyRole(key, value string) Role {
	k := strings.ToLower(key)
	section, name := k, ""
	if i := strings.IndexByte(k, '.'); i >= 0 {
		section = k[:i]
	}
	if i := strings.LastIndexByte(k, '.'); i >= 0 {
		name = k[i+1:]
	}
	sub := strings.Count(k, ".") >= 2
	switch {
	case section == "alias":
		if strings.HasPrefix(strings.TrimSpace(value), "!") {
			return RoleCommand
		}
	case k == "core.fsmonitor" || section == "pager" && !sub:
		if !gitBool(value) {
			return RoleCommand
		}
	case k == "core.sshcommand", k == "core.pager", k == "core.editor", k == "sequence.editor", k == "core.askpass",
		k == "diff.external", k == "interactive.difffilter", k == "gpg.program", k == "core.gitproxy",
		k == "uploadpack.packobjectshook", k == "sendemail.sendmailcmd",
		section == "credential" && name == "helper",
		section == "gpg" && sub && name == "program",
		section == "diff" && sub && (name == "command" || name == "textconv"),
		section == "merge" && sub && name == "driver",
		section == "filter" && sub && (name == "clean" || name == "smudge" || name == "process"),
		(section == "difftool" || section == "mergetool" || section == "browser") && sub && name == "cmd":
		if strings.TrimSpace(value) != "" {
			return RoleCommand
		}
	case k == "core.hookspath", k == "init.templatedir":
		return RoleHooks
	case (section == "include" || section == "includeif") && name == "path":
		return RoleInclude
	case section == "url" && sub && (name == "insteadof" || name == "pushinsteadof"):
		return RoleSource
	}
	return RoleNone
}

// SSHKeyRole says what ssh does with an option's value: ProxyCommand,
// LocalCommand, KnownHostsCommand and Match exec run commands on this
// machine (RemoteCommand runs on the server).
func SSHKeyRole(key string) Role {
	switch strings.ToLower(key) {
	case "proxycommand", "localcommand", "knownhostscommand", "match exec":
		return RoleCommand
	}
	return RoleNone
}

// gitEnvKeys are environment variables that give git or ssh a command.
var gitEnvKeys = map[string]string{"GIT_SSH_COMMAND": "git", "GIT_SSH": "git", "GIT_PAGER": "git", "GIT_EDITOR": "git",
	"GIT_SEQUENCE_EDITOR": "git", "GIT_ASKPASS": "git", "SSH_ASKPASS": "ssh", "GIT_EXTERNAL_DIFF": "git", "GIT_PROXY_COMMAND": "git"}

// gitGlobalValueOpts are git options before the subcommand that take the
// next word as their value.
var gitGlobalValueOpts = map[string]bool{"-C": true, "--git-dir": true, "--work-tree": true, "--namespace": true,
	"--super-prefix": true, "--config-env": true}

// GitGlobals walks a git command line's options before the subcommand.
// It returns the repository directory the options name (-C, --git-dir or
// --work-tree, the last given; "" for the current directory) and the index
// of the subcommand in argv (len(argv) when there is none).
func GitGlobals(argv []Word) (dir string, sub int) { return gitGlobals(argv, nil) }

// gitGlobals is GitGlobals, calling config with each -c pair and the
// offset of its key in the word.
func gitGlobals(argv []Word, config func(w Word, off int)) (dir string, sub int) {
	i := 1
	for ; i < len(argv); i++ {
		a := argv[i].Value
		switch {
		case a == "-c" && i+1 < len(argv):
			i++
			if config != nil {
				config(argv[i], 0)
			}
			continue
		case strings.HasPrefix(a, "-c") && len(a) > 2 && strings.Contains(a, "="):
			if config != nil {
				config(argv[i], 2)
			}
			continue
		case gitGlobalValueOpts[a] && i+1 < len(argv):
			if a == "-C" || a == "--git-dir" || a == "--work-tree" {
				dir = argv[i+1].Value
			}
			i++
			continue
		case strings.HasPrefix(a, "--git-dir=") || strings.HasPrefix(a, "--work-tree="):
			dir = a[strings.IndexByte(a, '=')+1:]
			continue
		case strings.HasPrefix(a, "-"):
			continue
		}
		break
	}
	return dir, i
}

// gitConfigValueOpts are git config options that take the next word.
var gitConfigValueOpts = map[string]bool{"--type": true, "--default": true, "--comment": true, "--value": true, "-t": true}

// gitConfigReads are git config actions that set nothing.
var gitConfigReads = map[string]bool{"--get": true, "--get-all": true, "--get-regexp": true, "--get-urlmatch": true,
	"--list": true, "-l": true, "--unset": true, "--unset-all": true, "--remove-section": true, "--rename-section": true,
	"-e": true, "--edit": true, "--get-color": true, "--get-colorbool": true, "--blob": true,
	"get": true, "list": true, "unset": true, "edit": true, "remove-section": true, "rename-section": true}

// GitSettings returns the settings a git command line makes: the -c
// options before the subcommand (ScopeOnce) and git config (or git config
// set) of a key that names a command, directory, file or source.
func GitSettings(argv []Word) []Setting {
	var out []Setting
	_, i := gitGlobals(argv, func(w Word, off int) {
		if s, ok := gitPair(w, off); ok {
			out = append(out, s)
		}
	})
	if i >= len(argv) || argv[i].Value != "config" {
		return out
	}
	scope, file := ScopeLocal, ""
	var pos []Word
	for j := i + 1; j < len(argv); j++ {
		a := argv[j].Value
		switch {
		case gitConfigReads[a] && len(pos) == 0:
			return out
		case a == "set" && len(pos) == 0 && j == i+1:
		case a == "--global":
			scope = ScopeGlobal
		case a == "--system":
			scope = ScopeSystem
		case a == "--local" || a == "--worktree":
			scope = ScopeLocal
		case (a == "-f" || a == "--file") && j+1 < len(argv):
			j++
			file = argv[j].Value
			scope = configFileScope(file, ScopeFile)
		case strings.HasPrefix(a, "--file="):
			file = strings.TrimPrefix(a, "--file=")
			scope = configFileScope(file, ScopeFile)
		case gitConfigValueOpts[a]:
			j++
		case a == "--":
			pos = append(pos, argv[j+1:]...)
			j = len(argv)
		case strings.HasPrefix(a, "-") && len(pos) < 2:
		default:
			pos = append(pos, argv[j])
		}
	}
	if len(pos) < 2 {
		return out
	}
	key, val := pos[0].Value, subWord(pos[1], 0, pos[1].Value)
	if r := GitKeyRole(key, val.Value); r != RoleNone {
		out = append(out, Setting{Tool: "git", Key: key, Role: r, Scope: scope, File: file, Value: val})
	}
	return out
}

// gitPair reads the key=value of git -c (from byte skip of the word).
func gitPair(w Word, skip int) (Setting, bool) {
	kv := w.Value[skip:]
	key, val, ok := strings.Cut(kv, "=")
	if !ok {
		val = "true"
	}
	r := GitKeyRole(key, val)
	if r == RoleNone {
		return Setting{}, false
	}
	return Setting{Tool: "git", Key: key, Role: r, Scope: ScopeOnce, Value: subWord(w, skip+len(key)+1, val)}, true
}

// subWord is the part of w's value from byte off on, positioned in the
// file when the word is written verbatim (plainly or in one pair of
// quotes), else anchored to the word.
func subWord(w Word, off int, val string) Word {
	out := w
	out.Value = val
	r := w.Raw
	switch {
	case w.exact && r == w.Value:
		out.Start = w.Start + off
	case w.exact && len(r) >= 2 && (r[0] == '\'' || r[0] == '"') && r[len(r)-1] == r[0] && r[1:len(r)-1] == w.Value:
		out.Start = w.Start + 1 + off
	case w.exact && off <= len(r) && r[:off] == w.Value[:off] && len(r)-off >= 2 && (r[off] == '\'' || r[off] == '"') &&
		r[len(r)-1] == r[off] && r[off+1:len(r)-1] == val:
		out.Start = w.Start + off + 1 // key='value'
	default:
		out.exact = false
		return out
	}
	out.Raw = val
	out.End = out.Start + len(val)
	return out
}

// SSHSettings returns the -o options of an ssh, scp or sftp command line
// that run commands (ScopeOnce).
func SSHSettings(argv []Word) []Setting {
	var out []Setting
	permit := false
	for i := 1; i < len(argv); i++ {
		a := argv[i].Value
		var w Word
		skip := 0
		switch {
		case a == "-o" && i+1 < len(argv):
			i++
			w = argv[i]
		case strings.HasPrefix(a, "-o") && len(a) > 2:
			w, skip = argv[i], 2
		default:
			continue
		}
		opt := w.Value[skip:]
		k := strings.IndexAny(opt, "= \t")
		if k < 0 {
			continue
		}
		key := opt[:k]
		v := k + 1
		for v < len(opt) && (opt[v] == ' ' || opt[v] == '\t' || opt[v] == '=') {
			v++
		}
		if strings.EqualFold(key, "PermitLocalCommand") && strings.EqualFold(strings.TrimSpace(opt[v:]), "yes") {
			permit = true
		}
		if SSHKeyRole(key) == RoleCommand {
			out = append(out, Setting{Tool: "ssh", Key: key, Role: RoleCommand, Scope: ScopeOnce, Value: subWord(w, skip+v, opt[v:])})
		}
	}
	for i := range out {
		out[i].Inert = strings.EqualFold(out[i].Key, "LocalCommand") && !permit
	}
	return out
}

// envSettings returns the git and ssh command variables that c assigns
// before its program or exports.
func envSettings(c *Command) []Setting {
	var out []Setting
	add := func(w Word, raw string, scope Scope) {
		name, _, ok := strings.Cut(raw, "=")
		tool, known := gitEnvKeys[name]
		if !ok || !known || strings.TrimSpace(w.Value) == "" {
			return
		}
		out = append(out, Setting{Tool: tool, Key: name, Role: RoleCommand, Scope: scope, Value: w})
	}
	if len(c.Argv) > 0 {
		for _, a := range c.Assigns {
			add(a, a.Raw, ScopeOnce)
		}
	}
	if c.Name == "export" {
		for _, w := range c.Params() {
			name, val, ok := strings.Cut(w.Value, "=")
			if ok {
				add(subWord(w, len(name)+1, val), w.Value, ScopeSession)
			}
		}
	}
	return out
}

var (
	gitConfigFileRx = rxlit.MustRx(`(^|/)\.gitconfig([.\w-]*)$|(^|/)\.config/git/config$|^/etc/gitconfig$|(^|/)\.git/(modules/[^/]+/)?config(\.worktree)?$`)
	sshConfigFileRx = rxlit.MustRx(`(^|/)\.ssh/config$|(^|/)\.ssh/config\.d/[^/]+$|^/etc/ssh/ssh_config$|^/etc/ssh/ssh_config\.d/[^/]+$`)
	homePathRx      = rxlit.MustRx(`^(~|\$\{?HOME\}?|\$\{?XDG_CONFIG_HOME\}?|/home/[^/]+|/Users/[^/]+|/root)(/|$)`)
)

// configFileScope is the scope of settings written to path: the user's
// own files are global, /etc is the system's, .git/config the
// repository's; other files are read only when named (def).
func configFileScope(path string, def Scope) Scope {
	p := strings.Trim(path, `"'`)
	switch {
	case strings.HasPrefix(p, "/etc/"):
		return ScopeSystem
	case strings.Contains(p, ".git/") && !strings.Contains(p, ".gitconfig"):
		return ScopeLocal
	case homePathRx.MatchString(p) && (gitConfigFileRx.MatchString(p) || sshConfigFileRx.MatchString(p)):
		return ScopeGlobal
	}
	return def
}

// configFileTool says which program reads the configuration file path.
func configFileTool(path string) string {
	p := strings.Trim(path, `"'`)
	switch {
	case gitConfigFileRx.MatchString(p):
		return "git"
	case sshConfigFileRx.MatchString(p):
		return "ssh"
	}
	return ""
}

// ConfigSettings returns the settings in text written to path when path
// is a git or ssh configuration file (~/.gitconfig, .git/config,
// ~/.ssh/config, /etc/…), nil otherwise; at positions each entry's value.
func ConfigSettings(path, text string, at func(e ini.Entry) Word) []Setting {
	tool := configFileTool(path)
	if tool == "" {
		return nil
	}
	return textSettings(tool, path, text, at)
}

// Anchored positions every configuration entry at [start, end) of the
// file: for text that is not in the file verbatim (written by code, copied
// from another file), reported at the statement that writes it.
func Anchored(start, end int) func(ini.Entry) Word {
	return func(e ini.Entry) Word {
		return Word{Value: e.Value, Raw: e.Value, Const: true, Start: start, End: end}
	}
}

// textSettings returns the settings in configuration text written to
// path (tool "git" or "ssh"); at maps an offset in text to a Word
// position.
func textSettings(tool, path, text string, at func(e ini.Entry) Word) []Setting {
	var out []Setting
	scope := configFileScope(path, ScopeFile)
	switch tool {
	case "git":
		for _, e := range ini.Git(text) {
			key := e.Section + "."
			if e.Sub != "" {
				key += e.Sub + "."
			}
			key += e.Key
			if r := GitKeyRole(key, e.Value); r != RoleNone {
				out = append(out, Setting{Tool: "git", Key: key, Role: r, Scope: scope, File: path, Value: at(e)})
			}
		}
	case "ssh":
		permit := false
		es := ini.SSH(text)
		for _, e := range es {
			if strings.EqualFold(e.Key, "PermitLocalCommand") && strings.EqualFold(e.Value, "yes") {
				permit = true
			}
		}
		for _, e := range es {
			if SSHKeyRole(e.Key) == RoleCommand && strings.TrimSpace(e.Value) != "" {
				out = append(out, Setting{Tool: "ssh", Key: e.Key, Role: RoleCommand, Scope: scope, File: path, Value: at(e),
					Inert: strings.EqualFold(e.Key, "LocalCommand") && !permit})
			}
		}
	}
	return out
}

// writtenConfig returns the settings in git or ssh configuration text
// that c writes: a here-document, echo/printf output or piped text sent
// to the file with >, >> or tee.
func (a *analysis) writtenConfig(c *Command) []Setting {
	var paths []string
	for _, r := range c.Redirs {
		if r.Op == ">" || r.Op == ">>" || r.Op == ">|" {
			paths = append(paths, r.Target.Value)
		}
	}
	if c.Name == "tee" {
		for _, w := range c.Params() {
			if !strings.HasPrefix(w.Value, "-") {
				paths = append(paths, w.Value)
			}
		}
	}
	var out []Setting
	for _, p := range paths {
		tool := configFileTool(p)
		if tool == "" {
			continue
		}
		text, m := a.writtenText(c)
		if text == "" {
			continue
		}
		out = append(out, textSettings(tool, p, text, func(e ini.Entry) Word {
			w := Word{Value: e.Value, Raw: e.Value, Const: true, Start: m.base, End: m.end}
			if m.exact && e.Exact {
				w.Start, w.End, w.exact = m.at(e.Start), m.at(e.End), true
			} else if m.exact {
				w.Start, w.End = m.at(e.Start), m.at(e.End)
			}
			return w
		})...)
	}
	return out
}

// writtenText returns the text c writes and how it maps to the file: a
// here-document body (verbatim), or the known output of c or of the
// command piped into it (anchored to the command).
func (a *analysis) writtenText(c *Command) (string, mapper) {
	for _, r := range c.Redirs {
		if r.Body != nil {
			b := r.Body
			return b.Value, mapper{base: b.Start, end: b.End, exact: b.exact && strings.HasPrefix(b.Raw, b.Value)}
		}
	}
	if c.OutputKnown && c.Name != "tee" && c.Name != "cat" {
		return c.Output, mapper{base: c.Start, end: c.End}
	}
	if c.Name == "tee" && c.PipePrev >= 0 {
		p := a.s.Commands[c.PipePrev]
		for _, r := range p.Redirs {
			if r.Body != nil {
				b := r.Body
				return b.Value, mapper{base: b.Start, end: b.End, exact: b.exact && strings.HasPrefix(b.Raw, b.Value)}
			}
		}
		if p.OutputKnown {
			return p.Output, mapper{base: p.Start, end: c.End}
		}
	}
	return "", mapper{}
}

// storedMapper maps the text of a RoleCommand value (after skip bytes) to
// the file.
func storedMapper(w Word, skip int) mapper {
	if w.exact {
		return mapper{base: w.Start + skip, exact: true}
	}
	return mapper{base: w.Start, end: w.End}
}

// parseStored parses the command lines of c's settings from the from-th
// on as shell.
func (a *analysis) parseStored(c *Command, id, depth, from int) {
	for i := from; i < len(c.Settings); i++ {
		s := &c.Settings[i]
		if s.Role != RoleCommand || depth >= MaxDepth {
			continue
		}
		prog := s.Program()
		if strings.TrimSpace(prog) == "" {
			continue
		}
		first := len(a.s.Commands)
		a.parseText(prog, storedMapper(s.Value, len(s.Value.Value)-len(prog)), depth+1, ViaStored, id, false)
		s.Cmds = [2]int{first, len(a.s.Commands)}
	}
}
