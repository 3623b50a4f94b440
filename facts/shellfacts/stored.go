package shellfacts

import (
	"github.com/skillvet/skillvet/facts/match"
	"github.com/skillvet/skillvet/facts/pyfacts"
	"github.com/skillvet/skillvet/parse/python"
	"path"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/intel"
	"github.com/skillvet/skillvet/parse/shell"
)

// Commands stored as data (parse/shell Setting): who runs them, when,
// with what on their input, and what they do, judged with the same facts
// as a command in a script.

// Use is how git or ssh runs a setting's command.
type Use struct {
	Runner string // "git" or "ssh"
	// When says when it runs ("on every git status, …").
	When string
	// Input names what the runner writes to the command's input
	// ("credentials", "the output git shows"), "" when nothing of note.
	Input string
	// Transport is set for commands whose job is to carry a connection
	// (ProxyCommand, core.sshCommand): network tools are their normal work.
	Transport bool
	// OnDemand is set for commands that run only when asked for by name
	// (a git alias).
	OnDemand bool
}

// UseOf says how the program that reads setting st runs its value.
func UseOf(st *shell.Setting) Use {
	k := strings.ToLower(st.Key)
	section, name := k, k
	if i := strings.IndexByte(k, '.'); i >= 0 {
		section = k[:i]
	}
	if i := strings.LastIndexByte(k, '.'); i >= 0 {
		name = k[i+1:]
	}
	u := Use{Runner: st.Tool}
	switch {
	case k == "core.fsmonitor":
		u.When = "on every git status, diff, add and commit in the repository (editors run these in the background)"
	case k == "core.hookspath":
		u.When = "on every commit, merge, checkout, rebase and push"
	case k == "init.templatedir":
		u.When = "in every repository git init or git clone creates (the hooks in that directory are copied in)"
	case section == "include" || section == "includeif":
		u.When = "each time git reads its configuration (the file's settings apply as if written here)"
	case section == "credential":
		u.When, u.Input = "on every HTTPS fetch and push that needs credentials", "credentials"
	case section == "alias":
		u.When, u.OnDemand = "when `git "+st.Key[strings.IndexByte(st.Key, '.')+1:]+"` is run", true
	case k == "core.sshcommand" || k == "git_ssh_command" || k == "git_ssh":
		u.When, u.Transport = "on every fetch, pull, push and clone over SSH", true
	case k == "core.gitproxy" || k == "git_proxy_command":
		u.When, u.Transport = "on every git:// fetch", true
	case k == "core.pager" || section == "pager" || k == "git_pager":
		u.When, u.Input = "whenever git shows output in a terminal (log, diff, show)", "the output git shows"
	case k == "core.editor" || k == "sequence.editor" || k == "git_editor" || k == "git_sequence_editor":
		u.When = "whenever git opens an editor (commit, rebase -i, tag -a)"
	case k == "core.askpass" || k == "git_askpass" || k == "ssh_askpass":
		u.When = "whenever git or ssh asks for a password (what it prints is used as the password)"
	case k == "diff.external" || k == "git_external_diff":
		u.When = "on every git diff"
	case section == "diff":
		u.When = "on git diff and log of the files .gitattributes gives that driver"
	case section == "merge":
		u.When = "on merges of the files .gitattributes gives that driver"
	case section == "filter":
		u.When, u.Input = "on checkout and add of the files .gitattributes gives the filter", "the files' contents"
	case k == "interactive.difffilter":
		u.When, u.Input = "on git add -p", "the diff"
	case section == "gpg":
		u.When, u.Input = "on every signed commit and tag", "what is signed"
	case section == "difftool" || section == "mergetool":
		u.When = "when git difftool or mergetool runs"
	case k == "uploadpack.packobjectshook":
		u.When = "when the repository is fetched from"
	case k == "sendemail.sendmailcmd":
		u.When, u.Input = "on git send-email", "the patches"
	case k == "proxycommand":
		u.When, u.Transport = "on every ssh connection to a matching host (git over SSH too)", true
	case k == "localcommand":
		u.When = "after every ssh connection to a matching host"
	case k == "knownhostscommand":
		u.When = "on every ssh connection"
	case k == "match exec":
		u.When = "each time ssh reads its configuration: every ssh, scp and git-over-SSH command"
	default:
		u.When = "when " + st.Tool + " runs it"
		if name == "program" || name == "cmd" {
			u.When = "when " + st.Tool + " calls that program"
		}
	}
	return u
}

// ScopeText says where a setting applies, for messages.
func ScopeText(st *shell.Setting) string {
	switch st.Scope {
	case shell.ScopeGlobal:
		if st.Tool == "ssh" {
			return "for every connection the user makes"
		}
		return "in every repository of the user"
	case shell.ScopeSystem:
		return "for every user of the machine"
	case shell.ScopeLocal:
		if st.Tool == "ssh" {
			return ""
		}
		return "in this repository"
	case shell.ScopeFile:
		return "in " + ClipText(st.File, 60) + ", which " + st.Tool + " reads only when told to"
	case shell.ScopeOnce:
		return "for this one command"
	case shell.ScopeSession:
		return "for the rest of the shell session"
	}
	return ""
}

// Stored is the verdict on a stored command: the grade of the worst thing
// it does, and what that is.
type Stored struct {
	Sev analyzer.Severity
	Why string
}

func (j *Stored) consider(sev analyzer.Severity, why string) {
	if sev > j.Sev {
		j.Sev, j.Why = sev, why
	}
}

// funcDefRx finds the shell functions a command line defines
// (f() { …; }; f — the usual credential-helper idiom).
var funcDefRx = match.MustRx(`(?:^|[\s;&|{(])(?:function\s+)?([A-Za-z_][\w-]*)\s*\(\s*\)`)

// JudgeStored grades the command line of setting st parsed into s
// (s.Commands[st.Cmds[0]:st.Cmds[1]]): critical when it downloads and
// runs code, opens a reverse shell, runs a decoded payload, sends data,
// hands what git gives it (credentials, output, file contents) to the
// network or a file, or contacts a raw IP, tunnel, paste site or similar;
// high when it downloads, opens connections, runs inline interpreter
// code, a program in a temporary directory, a background process, sudo,
// or reads credentials; medium for a program that is not an ordinary
// pager, editor, credential helper, filter or proxy (low for an alias,
// which runs only when called); nothing for ordinary tools.
func JudgeStored(s *shell.Script, st *shell.Setting) Stored {
	lo, hi := st.Cmds[0], st.Cmds[1]
	if lo < 0 || hi > len(s.Commands) || lo >= hi {
		return Stored{}
	}
	return JudgeCommands(s, s.Commands[lo:hi], UseOf(st), st.Program(), st.Scope)
}

// JudgeStoredText parses the command line of a setting made outside a
// shell script (a Python argument list, a file written from Python) and
// grades it like JudgeStored; positions anchor to [start, end).
func JudgeStoredText(st *shell.Setting, start, end int) Stored {
	prog := st.Program()
	if strings.TrimSpace(prog) == "" {
		return Stored{}
	}
	s := shell.ParseAnchored(prog, start, end)
	return JudgeCommands(s, s.Commands, UseOf(st), prog, st.Scope)
}

// JudgeCommands grades commands cs of script s that a program runs as
// use describes (see JudgeStored); text is their source, for the
// functions it defines.
func JudgeCommands(s *shell.Script, cs []*shell.Command, use Use, text string, scope shell.Scope) Stored {
	var j Stored
	funcs := map[string]bool{}
	for _, m := range funcDefRx.FindAllStringSubmatch(text, 16) {
		funcs[strings.ToLower(m[1])] = true
	}
	fifo := false
	for _, c := range cs {
		fifo = fifo || c.Name == "mkfifo"
	}
	for k, c := range cs {
		if c.Name == "" {
			continue
		}
		judgeOne(&j, s, cs, k, c, use, funcs, fifo, scope)
	}
	if use.OnDemand && j.Sev == analyzer.Medium {
		j.Sev = analyzer.Low // an alias runs only when called by name
	}
	return j
}

func judgeOne(j *Stored, s *shell.Script, cs []*shell.Command, k int, c *shell.Command, use Use, funcs map[string]bool, fifo bool, scope shell.Scope) {
	const crit, high, med = analyzer.Critical, analyzer.High, analyzer.Medium
	name := c.Name
	if why := ReverseShell(s, c, fifo); why != "" && !(use.Transport && ordinaryRelay(c)) {
		j.consider(crit, "opens a reverse shell ("+why+")")
		return
	}
	if IsDownloader(c) {
		cl, host, _ := HostRisk(URLs(c))
		if sink := PipeSinkInterp(s, c); sink != nil {
			j.consider(crit, "pipes a download into "+sink.Name+DescribeHost(cl, host))
			return
		}
		runner := ""
		Ancestors(s, c, func(a *shell.Command) bool {
			if (c.Via == shell.ViaSubst || c.Via == shell.ViaProcSubst) && IsInterpreter(a.Name) {
				runner = a.Name
			}
			return false
		})
		if runner != "" {
			j.consider(crit, "runs what it downloads with "+runner+DescribeHost(cl, host))
			return
		}
		if f, ok := OutputFile(c); ok && f != "" {
			for _, n := range cs[k+1:] {
				if RunsFile(n, f) {
					j.consider(crit, "downloads "+f+" and runs it"+DescribeHost(cl, host))
					return
				}
			}
		}
	}
	if HiddenLayer(s, c) && (IsInterpreter(name) || c.Via == shell.ViaStdin) {
		j.consider(crit, "runs a decoded or hidden payload ("+name+")")
		return
	}
	if how, ok := SendsData(c); ok {
		j.consider(crit, "sends data: "+how)
		return
	}
	network := IsDownloader(c) || NetworkTools[name] && name != "ping"
	if network && use.Input != "" && !use.Transport {
		j.consider(crit, "hands "+use.Input+" it receives to "+name)
		return
	}
	cl, host := storedHostRisk(c)
	if cl.Suspicious() {
		if use.Transport && cl == intel.HostRawIP && !IsDownloader(c) {
			j.consider(high, "connects through "+host+" (a raw IP address)")
		} else {
			j.consider(crit, "contacts "+host+" ("+cl.String()+")")
			return
		}
	}
	for _, w := range WriteTargets(s, c) {
		if w.Path == "/dev/null" || w.Path == "" || strings.HasPrefix(w.Path, "&") || strings.HasPrefix(w.Path, "/dev/std") {
			continue
		}
		if use.Input == "credentials" {
			j.consider(crit, "records the credentials git hands it in "+ClipText(w.Path, 60))
			return
		}
		j.consider(high, "writes "+ClipText(w.Path, 60))
	}
	switch {
	case IsDownloader(c):
		j.consider(high, "downloads"+DescribeHost(cl, host))
	case network && !use.Transport && !intel.OrdinaryStoredProgram(name) && (cl == intel.HostLoopback || cl == intel.HostPrivate):
		j.consider(med, "checks a connection to "+host+" with "+name) // Match exec "nc -z 10.0.0.5 22": am I on the office network?
	case network && !use.Transport && !intel.OrdinaryStoredProgram(name):
		j.consider(high, "opens a network connection with "+name)
	}
	if l, ok := ReadsCredential(c); ok {
		j.consider(high, "reads "+l)
	}
	if IsInterpreter(name) && !shell.IsShell(name) && name != "eval" && name != "source" && name != "." {
		if HasCodeFlag(c) && !HasArg(c, "-m") {
			if plainInlinePython(c) {
				j.consider(med, "runs inline "+name+" code that calls nothing that runs programs, opens connections, decodes or loads code")
			} else {
				j.consider(high, "runs inline "+name+" code")
			}
		}
		for _, r := range c.Redirs {
			if r.Op == "<<" || r.Op == "<<-" || r.Op == "<<<" {
				j.consider(high, "runs "+name+" code from a here-document")
			}
		}
	}
	if (shell.IsShell(name) || name == "eval") && !storedChildren(s, c) && len(c.Argv) > 1 {
		if _, dash := shellDashC(c); dash || name == "eval" {
			j.consider(high, "runs a command line built at run time ("+name+")")
		}
	}
	if c.Background || len(c.Args) > 0 && (baseOf(c.Args[0].Value) == "nohup" || baseOf(c.Args[0].Value) == "setsid") || name == "disown" {
		j.consider(high, "starts a background process")
	}
	if c.Sudo {
		j.consider(high, "runs "+name+" with sudo")
	}
	prog := storedProgramPath(c)
	switch {
	case intel.TempPath(prog):
		sev := high
		if scope == shell.ScopeOnce || scope == shell.ScopeSession {
			sev = med // a helper the script made for this command (GIT_ASKPASS=$(mktemp)); its content is what counts
		}
		j.consider(sev, "runs "+ClipText(prog, 60)+" from a temporary directory anyone can write")
	case intel.SkillPath(prog):
		sev := med
		if scope == shell.ScopeGlobal || scope == shell.ScopeSystem {
			sev = high
		}
		j.consider(sev, "runs the skill's own "+ClipText(prog, 60))
	}
	if !ordinaryStored(s, c, use, funcs) {
		j.consider(med, "runs "+ClipText(strings.Join(argvText(c), " "), 60))
	}
}

// ordinaryStored reports a command that an ordinary configuration runs:
// a known pager, editor, helper, filter or proxy, a read-only command, a
// function the command line defines, a shell whose -c text was parsed
// (its commands are judged), python -m of a known tool, and network tools
// for commands whose job is a connection.
func ordinaryStored(s *shell.Script, c *shell.Command, use Use, funcs map[string]bool) bool {
	name := c.Name
	switch {
	case intel.OrdinaryStoredProgram(name) || funcs[name] || IsReadOnly(c) && !IsInterpreter(name):
		return true
	case use.Transport && (NetworkTools[name] || name == "openssl" && c.Arg(1) == "s_client"):
		return true
	case shell.IsShell(name) || name == "eval":
		return storedChildren(s, c)
	case IsInterpreter(name):
		for i, w := range c.Params() {
			if w.Value == "-m" && i+2 < len(c.Argv) {
				return intel.OrdinaryStoredProgram(c.Argv[i+2].Value)
			}
		}
	}
	return false
}

// storedHostRisk classifies the riskiest host c names: URLs, and bare
// host or address arguments of network tools (nc 203.0.113.5 4444,
// socat - TCP:203.0.113.5:22, ssh -W %h:%p user@203.0.113.5).
func storedHostRisk(c *shell.Command) (intel.HostClass, string) {
	if !IsDownloader(c) {
		for _, w := range c.Argv {
			if w.Subst {
				return intel.HostUnknown, "" // the substituted commands are judged themselves
			}
		}
	}
	us := URLs(c)
	if NetworkTools[c.Name] || c.Name == "socat" || c.Name == "connect" || c.Name == "corkscrew" {
		for _, w := range c.Params() {
			v := w.Value
			if strings.HasPrefix(v, "-") {
				continue
			}
			if i := strings.LastIndexAny(v, "@:"); i >= 0 && strings.HasPrefix(strings.ToUpper(v), "TCP") {
				v = strings.SplitN(strings.TrimPrefix(strings.TrimPrefix(strings.ToUpper(v), "TCP4:"), "TCP:"), ":", 2)[0]
			} else if i := strings.IndexByte(v, '@'); i >= 0 {
				v = v[i+1:]
			}
			if h, _, ok := strings.Cut(v, ":"); ok {
				v = h
			}
			if intel.HostLitRx.MatchString(v) {
				us = append(us, "ssh://"+strings.ToLower(v))
			}
		}
	}
	cl, host, _ := HostRisk(us)
	return cl, host
}

// ordinaryRelay reports the proxy idioms ReverseShell would otherwise
// see in a transport command: nc or socat piping ssh's stream to %h:%p.
func ordinaryRelay(c *shell.Command) bool {
	t := c.Text()
	return strings.Contains(t, "%h") || strings.Contains(t, "%p")
}

// storedChildren reports whether the text of shell or eval command c was
// parsed into commands (its -c text or arguments were constant).
func storedChildren(s *shell.Script, c *shell.Command) bool {
	for _, x := range s.Commands {
		if x.Parent >= 0 && x.Parent < len(s.Commands) && s.Commands[x.Parent] == c && (x.Via == shell.ViaDashC || x.Via == shell.ViaEval) {
			return true
		}
	}
	return false
}

// shellDashC reports a shell given its program with -c.
func shellDashC(c *shell.Command) (string, bool) {
	for i, w := range c.Params() {
		if w.Value == "-c" || len(w.Value) > 1 && w.Value[0] == '-' && w.Value[1] != '-' && strings.HasSuffix(w.Value, "c") {
			if i+2 < len(c.Argv) {
				return c.Argv[i+2].Value, true
			}
			return "", true
		}
	}
	return "", false
}

// storedProgramPath is the program a command runs: its first word, or
// the script an interpreter runs.
func storedProgramPath(c *shell.Command) string {
	if len(c.Argv) == 0 {
		return ""
	}
	if p, words, ok := CommandProgram(c); ok && IsInterpreter(c.Name) {
		if p.Kind == ProgramFile || p.Kind == ProgramModule {
			return p.Text(words) // the script (or module) the interpreter runs
		}
	} else if IsInterpreter(c.Name) && !HasCodeFlag(c) {
		for _, w := range c.Params() {
			if !strings.HasPrefix(w.Value, "-") {
				return w.Value
			}
		}
	}
	return c.Argv[0].Value
}

func argvText(c *shell.Command) []string {
	var out []string
	for _, w := range c.Argv {
		out = append(out, w.Value)
	}
	return out
}

func baseOf(s string) string { return strings.ToLower(path.Base(s)) }

// HooksDirRisk grades a hooks directory (core.hooksPath, init.templateDir)
// by where it is: a temporary directory anyone can write is high, the
// skill's own directory high for a global setting (medium for one
// repository), another absolute or home path medium globally and low in
// one repository; a relative path (the repository's own .githooks,
// .husky) and /dev/null (hooks off) are nothing.
func HooksDirRisk(st *shell.Setting) Stored {
	v := strings.TrimSpace(st.Value.Value)
	global := st.Scope == shell.ScopeGlobal || st.Scope == shell.ScopeSystem
	switch {
	case v == "" || v == "/dev/null" || strings.EqualFold(v, "nul"):
		return Stored{}
	case intel.TempPath(v):
		return Stored{analyzer.High, "points at " + ClipText(v, 60) + ", a temporary directory anyone can write"}
	case intel.SkillPath(v):
		if global || st.Scope == shell.ScopeOnce {
			return Stored{analyzer.High, "points at the skill's own " + ClipText(v, 60)}
		}
		return Stored{analyzer.Medium, "points at the skill's own " + ClipText(v, 60)}
	case strings.HasPrefix(v, "/") || strings.HasPrefix(NormPath(v), "~/") || strings.HasPrefix(v, "$") || len(v) > 2 && v[1] == ':':
		if global {
			return Stored{analyzer.Medium, "points at " + ClipText(v, 60)}
		}
		return Stored{analyzer.Low, "points at " + ClipText(v, 60)}
	}
	return Stored{} // the repository's own directory, relative to it
}

// InDir reports whether path p is inside directory dir (both as written,
// ~ and $HOME normalised).
func InDir(p, dir string) bool {
	p, dir = NormPath(strings.Trim(p, `"'`)), strings.TrimSuffix(NormPath(strings.Trim(dir, `"'`)), "/")
	return dir != "" && strings.HasPrefix(p, dir+"/")
}

// JudgeSetting grades setting st: its command line (parsed into s, or
// parsed here and anchored to [start, end) when s is nil or holds none of
// it), its hooks directory, or the file it includes (only a temporary or
// skill directory counts: a user's own include file is their business).
func JudgeSetting(s *shell.Script, st *shell.Setting, start, end int) Stored {
	switch st.Role {
	case shell.RoleCommand:
		if s != nil && st.Cmds[1] > st.Cmds[0] {
			return JudgeStored(s, st)
		}
		return JudgeStoredText(st, start, end)
	case shell.RoleHooks:
		return HooksDirRisk(st)
	case shell.RoleInclude:
		if j := HooksDirRisk(st); j.Sev >= analyzer.High {
			return j
		}
	}
	return Stored{}
}

// Verdict caps judgement j of setting st by where the setting applies —
// LocalCommand without PermitLocalCommand and settings in a file read only
// when named are at most medium, an unknown program passed for one command
// is low — and words the finding.
func Verdict(st *shell.Setting, j Stored) (Stored, string) {
	if j.Sev == analyzer.SevNone {
		return j, ""
	}
	use := UseOf(st)
	where := ScopeText(st)
	if where != "" {
		where = " " + where
	}
	if st.File != "" && st.Scope != shell.ScopeFile {
		where += " (written to " + ClipText(st.File, 60) + ")"
	}
	var msg string
	switch {
	case st.Role == shell.RoleHooks:
		msg = st.Key + " makes git run the hooks in " + ClipText(st.Value.Value, 60) + " " + use.When + where + ": " + j.Why
	case st.Role == shell.RoleInclude:
		msg = st.Key + " makes git read " + ClipText(st.Value.Value, 60) + " " + use.When + where + ": it " + j.Why
	case st.Scope == shell.ScopeOnce || st.Scope == shell.ScopeSession:
		msg = st.Key + " gives " + use.Runner + " a command to run" + where + ": it " + j.Why
	default:
		msg = st.Key + " stores a command that " + use.Runner + " runs " + use.When + where + ": it " + j.Why
	}
	switch {
	case st.Inert && j.Sev > analyzer.Medium:
		j.Sev = analyzer.Medium
		msg += " (it runs only with PermitLocalCommand yes, which is not set here)"
	case st.Scope == shell.ScopeFile && j.Sev > analyzer.Medium:
		j.Sev = analyzer.Medium
	case (st.Scope == shell.ScopeOnce || st.Scope == shell.ScopeSession) && j.Sev == analyzer.Medium:
		j.Sev = analyzer.Low
	}
	return j, msg
}

// JudgeHookText grades the text of a git hook file written at hookPath
// (intel.GitHookPath) as a stored command git runs by itself: critical
// when it downloads and runs code, sends data, opens a reverse shell or
// contacts a raw IP, paste site or tunnel; high when it downloads, opens
// connections, runs inline interpreter code, a background process or a
// program in a temporary directory; medium for any other program; nothing
// for ordinary tools. Positions anchor to [start, end).
func JudgeHookText(hookPath, text string, start, end int) Stored {
	if strings.TrimSpace(text) == "" {
		return Stored{}
	}
	name := path.Base(hookPath)
	when := "on every commit"
	switch name {
	case "post-checkout":
		when = "on every checkout and clone"
	case "post-merge":
		when = "on every pull and merge"
	case "pre-push":
		when = "on every push"
	case "post-rewrite":
		when = "on every amend and rebase"
	}
	s := shell.ParseAnchored(text, start, end)
	return JudgeCommands(s, s.Commands, Use{Runner: "git", When: when}, text, shell.ScopeLocal)
}

// plainInlinePython reports python -c with constant code that parses and
// calls nothing sensitive (no exec or eval, process, socket, network,
// deserialisation, decoding or import machinery: pyfacts.DescribeCode)
// and reaches no dunder attribute (__builtins__, __class__): code that
// reads its arguments and prints, like a textconv that renders a
// spreadsheet. Code built at run time, or any other interpreter, is not.
func plainInlinePython(c *shell.Command) bool {
	if !strings.HasPrefix(baseOf(c.Name), "python") {
		return false
	}
	p, words, ok := CommandProgram(c)
	if !ok || p.Kind != ProgramInline || p.Offset != 0 {
		return false
	}
	ps := c.Params()
	if p.Index < 0 || p.Index >= len(ps) || !ps[p.Index].Const || ps[p.Index].Subst || ps[p.Index].Escaped || ps[p.Index].Sliced {
		return false
	}
	code := p.Text(words)
	if strings.Contains(code, "__") || strings.Contains(code, "getattr") || strings.Contains(code, "import_module") {
		return false
	}
	if _, err := python.Parse([]byte(code)); err != nil {
		return false
	}
	return pyfacts.DescribeCode(code) == ""
}
