package jsfacts

import (
	"github.com/dop251/goja/ast"
)

var jsSocketOpeners = map[string]bool{
	"module:net.connect": true, "module:net.createConnection": true, "module:tls.connect": true,
	"module:net.Socket": true, "module:ws": true, "WebSocket": true, "module:dgram.createSocket": true,
	"module:socket.io-client": true, "module:socket.io-client.io": true,
}

// FromSocket reports whether e derives from a socket opened by the file
// (net, tls, dgram, WebSocket or socket.io clients).
func (v *View) FromSocket(e ast.Expression) bool {
	return v.Reaches(e, func(x ast.Expression) bool {
		switch x := x.(type) {
		case *ast.CallExpression:
			return jsSocketOpeners[v.Callee(x)]
		case *ast.NewExpression:
			return jsSocketOpeners[NormMod(v.Info.Resolve(x.Callee))]
		}
		return false
	}) != nil
}

// MediumCreds are credential labels (from intel) whose read alone is a
// medium finding: package-manager tokens, shell history, dotenv files.
var MediumCreds = map[string]bool{"npm token": true, "PyPI token": true, "shell history": true, "dotenv file": true}
