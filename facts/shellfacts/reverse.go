package shellfacts

import (
	"github.com/skillvet/skillvet/facts/match"
	"strings"

	"github.com/skillvet/skillvet/parse/shell"
)

var shDevTCPRx = match.MustRx(`/dev/(tcp|udp)/[^/\s]+/\d+`)
var shInlineSocketRx = match.MustRx(`(?i)socket|TCPSocket|fsockopen|IO::Socket|net\.Socket|net\.connect`)
var shInlineShellRx = match.MustRx(`(?i)pty\.spawn|dup2|subprocess|/bin/(ba)?sh|\bexec\b|spawn\(|popen|system\(|child_process|cmd\.exe`)

// ReverseShell says how c connects a shell or program to the network —
// a /dev/tcp redirection, nc -e, a netcat relay through a shell pipe or a
// named pipe (fifo: the script makes one), socat exec:, an interpreter
// one-liner that opens a socket and spawns a shell — or "".
func ReverseShell(s *shell.Script, c *shell.Command, fifo bool) string {
	for _, r := range c.Redirs {
		if m := shDevTCPRx.FindString(r.Target.Value); m != "" {
			if shTCPProbe(c) {
				// timeout 5 bash -c 'echo > /dev/tcp/api.x.io/443': a
				// port check; nothing reads commands from the socket
				continue
			}
			return "redirects " + c.Name + " through " + m
		}
	}
	for i, w := range c.Argv {
		if m := shDevTCPRx.FindString(w.Value); m != "" && c.Name != "echo" && c.Name != "grep" {
			if shell.IsShell(c.Name) && i > 1 && c.Argv[i-1].Value == "-c" {
				continue // the -c script is parsed and judged as commands
			}
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
		if k := PipeSink(s, c); k != nil && shell.IsShell(k.Name) {
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
		if k := PipeSink(s, c); k != nil && shell.IsShell(k.Name) {
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

// shTCPProbe reports a command that only writes a fixed text to a
// /dev/tcp socket (echo > /dev/tcp/host/443, : > /dev/tcp/…,
// (echo >/dev/tcp/host/$port) 2>/dev/null): a check that the port is open.
// echo, printf, true and : read no input and run nothing, so whatever
// else their redirections do (2>/dev/null, a descriptor duplicated), no
// command comes from the socket; a shell, an interpreter, or a text that
// is computed (echo "$(cat key)" > /dev/tcp/…) is not a probe.
func shTCPProbe(c *shell.Command) bool {
	switch c.Name {
	case "echo", "printf", "true", ":":
	default:
		return false
	}
	for _, w := range c.Params() {
		if !w.Const || w.Subst {
			return false
		}
	}
	return true
}

// TCPProbe returns the /dev/tcp (or /dev/udp) address that c only writes
// a fixed text to — a port check, with nothing reading commands from the
// socket — or "".
func TCPProbe(c *shell.Command) string {
	if !shTCPProbe(c) {
		return ""
	}
	for _, r := range c.Redirs {
		if m := shDevTCPRx.FindString(r.Target.Value); m != "" {
			return m
		}
	}
	return ""
}
