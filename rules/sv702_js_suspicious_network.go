package rules

import (
	"fmt"
	"net/url"
	"strconv"

	"github.com/dop251/goja/ast"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/jsfacts"
	"github.com/skillvet/skillvet/intel"
)

// JSSuspiciousNetwork reports JavaScript network calls to destinations
// legitimate skills rarely use.
var JSSuspiciousNetwork = register(&analyzer.Rule{
	ID:       "SV702",
	Name:     "js-suspicious-destination",
	Title:    "JavaScript talks to a raw IP, paste site, tunnel, catcher or odd port",
	Severity: High,
	Category: analyzer.CatExfiltration,
	Tags:     []string{"security", "CWE-941"},
	Inputs:   analyzer.InJS,
	Doc: `A network call in a JavaScript or TypeScript file (` + "`fetch`" + `, http(s), axios, got,
sockets, WebSocket) goes to a destination that legitimate skills rarely use:

- **high**: a public IP address literal (also in decimal or hex form), a tunnel
  (ngrok, trycloudflare, …), a request catcher or webhook collector, an anonymous
  file drop, or a paste site — the usual homes of payloads and stolen data;
- **medium**: a URL shortener hiding the destination, or a raw TCP/UDP socket or
  WebSocket to a non-standard port on a public host.

Loopback and private addresses are not reported: Chrome DevTools on
` + "`localhost:9222`" + ` or a local dev server is ordinary. Hosts in the configured allowlist are
not reported. Mining pools are SV701's.

**Fix:** use the vendor's documented API host over HTTPS, by name.

Bad:

` + "```js" + `
fetch('http://45.13.227.9:8080/p');
` + "```" + `

Good:

` + "```js" + `
fetch('https://api.github.com/repos/o/r');
` + "```",
	Run: runJSSuspiciousNetwork,
})

var jsStandardPorts = map[int]bool{80: true, 443: true, 8080: true, 8443: true}

func runJSSuspiciousNetwork(p *analyzer.Pass) error {
	v := jsfacts.Of(p)
	if v == nil {
		return nil
	}
	check := func(n ast.Node, c *ast.CallExpression, callee string) {
		d := v.Dest(c, callee)
		if !d.Known || p.Config.HostAllowed(d.Host) {
			return
		}
		switch d.Class {
		case intel.HostRawIP, intel.HostTunnel, intel.HostCatcher, intel.HostFileDrop, intel.HostPaste:
			v.Report(n, High, fmt.Sprintf("network call to %s (%s)", d.Host, d.Class))
			return
		case intel.HostShortener:
			v.Report(n, Medium, fmt.Sprintf("network call through URL shortener %s", d.Host))
			return
		case intel.HostLoopback, intel.HostPrivate, intel.HostMiningPool:
			return
		}
		if port := jsSocketPort(v, c, callee, d); port > 0 && !jsStandardPorts[port] {
			v.Report(n, Medium, fmt.Sprintf("raw socket to %s on non-standard port %d", d.Host, port))
		}
	}
	for _, c := range v.Info.Calls() {
		if err := v.Pass.Context().Err(); err != nil {
			return err
		}
		callee := v.Callee(c)
		if jsfacts.IsNetCall(callee) != "" {
			check(c, c, callee)
		}
	}
	for _, n := range v.Info.News() {
		callee := jsfacts.NormMod(v.Info.Resolve(n.Callee))
		if jsfacts.IsNetCall(callee) != "" {
			c := &ast.CallExpression{Callee: n.Callee, ArgumentList: n.ArgumentList, LeftParenthesis: n.LeftParenthesis, RightParenthesis: n.RightParenthesis}
			check(n, c, callee)
		}
	}
	// new net.Socket().connect(port, host)
	for _, c := range v.Info.Calls() {
		if err := v.Pass.Context().Err(); err != nil {
			return err
		}
		dot, ok := c.Callee.(*ast.DotExpression)
		if !ok || dot.Identifier.Name.String() != "connect" || len(c.ArgumentList) < 2 {
			continue
		}
		if !v.FromSocket(dot.Left) {
			continue
		}
		host, ok := v.Info.Str(c.ArgumentList[1])
		if !ok {
			continue
		}
		d := v.HostDest(host, false)
		switch {
		case p.Config.HostAllowed(d.Host):
		case d.Class == intel.HostRawIP || d.Class == intel.HostTunnel:
			v.Report(c, High, fmt.Sprintf("socket connection to %s (%s)", d.Host, d.Class))
		case d.Class == intel.HostUnknown:
			if port, ok := v.Info.Str(c.ArgumentList[0]); ok {
				if n, err := strconv.Atoi(port); err == nil && !jsStandardPorts[n] {
					v.Report(c, Medium, fmt.Sprintf("raw socket to %s on non-standard port %d", d.Host, n))
				}
			}
		}
	}
	return nil
}

// jsSocketPort returns the port of a raw socket or WebSocket call when
// constant, or 0 for HTTP clients and unknown ports.
func jsSocketPort(v *jsfacts.View, c *ast.CallExpression, callee string, d jsfacts.Destination) int {
	switch callee {
	case "module:net.connect", "module:net.createConnection", "module:tls.connect":
		if len(c.ArgumentList) > 0 {
			if s, ok := v.Info.Str(c.ArgumentList[0]); ok {
				n, _ := strconv.Atoi(s)
				return n
			}
			if pv := v.ObjProp(c.ArgumentList[0], "port"); pv != nil {
				if s, ok := v.Info.Str(pv); ok {
					n, _ := strconv.Atoi(s)
					return n
				}
			}
		}
	case "module:ws", "WebSocket", "module:socket.io-client", "module:socket.io-client.io":
		if u, err := url.Parse(d.URL); err == nil && u.Port() != "" {
			n, _ := strconv.Atoi(u.Port())
			return n
		}
	}
	return 0
}
