package rules

import (
	"github.com/skillvet/skillvet/facts/match"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/pyfacts"
)

// PythonTunnel reports Python code that exposes the machine through a
// tunnel or reverse port forward.
var PythonTunnel = register(&analyzer.Rule{
	ID:       "SV742",
	Name:     "python-tunnel",
	Title:    "Python opens a tunnel that exposes the machine to the internet",
	Severity: High,
	Category: analyzer.CatRemoteExec,
	Tags:     []string{"security", "python", "remote-access", "CWE-284"},
	Inputs:   analyzer.InPython,
	Doc: `Python code starts a tunnel that makes a port of the user's machine reachable from
the internet, or forwards a remote port back to it: ` + "`ngrok`" + ` (also ` + "`pyngrok.ngrok.connect`" + `),
` + "`cloudflared tunnel`" + `, ` + "`ssh -R`" + `, ` + "`bore local`" + `, ` + "`lt --port`" + ` (localtunnel), ` + "`serveo`" + `,
` + "`localhost.run`" + `, ` + "`frpc`" + `, ` + "`chisel client … R:`" + `. Whatever listens on the port — a dev
server, a debugger, a shell — becomes a door into the machine and its network.

**High**. **Fix:** serve on localhost; if the user wants to share something, let them
start the tunnel.

Bad:

` + "```python" + `
from pyngrok import ngrok
public_url = ngrok.connect(8888)  # a Jupyter server, open to anyone with the URL
` + "```" + `

Good:

` + "```python" + `
app.run(host="127.0.0.1", port=8080)
` + "```",
	Run: runPythonTunnel,
})

var pyTunnelCmdRx = match.MustRx(`(?i)(^|[\s/])(ngrok\s+(http|tcp|tls|start|tunnel)|cloudflared(\.exe)?\s+[^|;&]*tunnel|bore\s+local|lt\s+(--port|-p)|frpc(\.exe)?\s|chisel(\.exe)?\s+client\s[^|;&]*\bR:|ssh\s+(?:[^|;&]*\s)?(?-i:-[a-zA-Z]*R)\s*\S|ssh\s+[^|;&]*(serveo\.net|localhost\.run|pinggy\.io))`)

func runPythonTunnel(p *analyzer.Pass) error {
	m := pyfacts.Module(p)
	if m == nil {
		return nil
	}
	for _, c := range m.Calls {
		start, end := m.Span(c)
		last := pyfacts.LastName(c.Name)
		switch {
		case pyfacts.HasPrefixAny(c.Name, "pyngrok.ngrok.connect", "ngrok.connect", "ngrok.forward", "pyngrok.ngrok.forward") ||
			(last == "connect" || last == "forward") && pyfacts.ReceiverFrom(m, c, "pyngrok."):
			pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Message: "opens an ngrok tunnel to a local port"})
		case pyfacts.HasPrefixAny(c.Name, "paramiko.") && last == "request_port_forward" || last == "request_port_forward" && pyfacts.ReceiverFrom(m, c, "paramiko."):
			pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Message: "requests a reverse port forward over SSH"})
		default:
			if cmd, ok := pyfacts.CommandText(m, c); ok {
				if loc := pyTunnelCmdRx.FindString(cmd); loc != "" {
					pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Message: "starts a tunnel: " + pyfacts.ClipStr(cmd, 80)})
				}
			}
		}
	}
	return nil
}
